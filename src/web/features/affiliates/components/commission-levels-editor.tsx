import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { affiliateLimits } from '../../../../shared/affiliates/commissions'
import { addLevel, checkLevels, removeLevel } from './commission-levels'

// Level 1 to 5 of a program's commission in whole percents, with the live sum (an error above 100).

export function CommissionLevelsEditor({ levels, onChange, error }: { levels: string[]; onChange: (next: string[]) => void; error?: string }) {
  const { t } = useTranslation()
  const check = checkLevels(levels)
  return (
    <Stack gap="xs" data-testid="affiliate-levels">
      <Text fw={500} size="sm">{t('affiliates.form.commissions')}</Text>
      {levels.map((level, index) => (
        <Group key={index} gap="xs" align="end" wrap="nowrap">
          <TextInput
            label={t('affiliates.form.level', { level: index + 1 })} inputMode="decimal" rightSection="%" w={160}
            value={level} onChange={(e) => onChange(levels.map((l, i) => (i === index ? e.currentTarget.value : l)))}
            data-testid={`affiliate-level-${index}`}
          />
          {index > 0 && (
            <ActionIcon variant="subtle" color="red" size="input-sm" aria-label={t('affiliates.form.removeLevel', { level: index + 1 })}
              onClick={() => onChange(removeLevel(levels, index))}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} disabled={levels.length >= affiliateLimits.maxLevels}
          onClick={() => onChange(addLevel(levels))} data-testid="affiliate-level-add">
          {t('affiliates.form.addLevel')}
        </Button>
        <Text size="sm" c={check.exceeded ? 'red' : 'dimmed'} data-testid="affiliate-levels-total" data-exceeded={check.exceeded}>
          {t('affiliates.form.total', { total: check.total })}
        </Text>
      </Group>
      {check.exceeded && <Text c="red" size="sm" role="alert">{t('affiliates.form.totalExceeded', { max: affiliateLimits.maxTotalPercent })}</Text>}
      {!check.exceeded && error && <Text c="red" size="sm">{error}</Text>}
    </Stack>
  )
}
