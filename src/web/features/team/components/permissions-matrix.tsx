import { SegmentedControl, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { teamAccessLevels, teamAreas, type TeamAccessLevel } from '../../../../shared/schemas/teams'
import { snakeToCamelKey } from '../../../lib/api-client'

// The per-area levels of a team member (none, read, write), as the invite and edit forms show them.
// Keys are the answers' camelCase area names (ticketsCheckIn); requests turn them back into snake_case.

export type Levels = Record<string, TeamAccessLevel>

export const areaKeys = teamAreas.map(snakeToCamelKey)

export function noLevels(): Levels {
  return Object.fromEntries(areaKeys.map((key) => [key, 'none'])) as Levels
}

export function PermissionsMatrix({ value, onChange }: { value: Levels; onChange: (next: Levels) => void }) {
  const { t } = useTranslation()
  return (
    <Table withTableBorder verticalSpacing="xs" data-testid="permissions-matrix">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('team.area')}</Table.Th>
          <Table.Th>{t('team.level')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {areaKeys.map((key) => (
          <Table.Tr key={key}>
            <Table.Td><Text size="sm">{t(`team.areas.${key}`)}</Text></Table.Td>
            <Table.Td>
              <SegmentedControl
                size="xs" value={value[key] ?? 'none'} data-testid={`level-${key}`}
                onChange={(level) => onChange({ ...value, [key]: level as TeamAccessLevel })}
                data={teamAccessLevels.map((level) => ({ value: level, label: t(`team.levels.${level}`) }))}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
