import { Badge, Button, Collapse, Group, Paper, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal, IconChevronDown, IconChevronUp } from '@tabler/icons-react'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListFilters } from './list-state'

// Every list's filters sit behind one "Filters" button that says how many are active
// (docs/decisions/0045-cabinet-on-a-phone.md): folded on phones and tablets so the first rows show without
// scrolling past the fields, open on wide screens where they take little room; the visitor's choice wins.

/** How many filters hold a value; `ignore` names keys shown elsewhere (tabs) or that only refine another. */
export function activeFilterCount(filters: ListFilters, ignore: readonly string[] = []): number {
  return Object.entries(filters).filter(([key, value]) => value !== undefined && value !== '' && !ignore.includes(key)).length
}

export function FilterPanel({ active, onReset, children, testId = 'filter-panel' }: {
  active: number
  onReset?: () => void
  children: ReactNode
  testId?: string
}) {
  const { t } = useTranslation()
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false })
  const [opened, setOpened] = useState(wide)
  const id = useId()
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="xs" wrap="wrap">
        <Button
          variant={opened ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-controls={id}
          data-testid="filters-toggle"
        >
          {t('list.filters')}
          {active > 0 && (
            <Badge ml={8} size="sm" circle aria-label={t('list.filtersActive', { count: active })} data-testid="filters-active">
              {active}
            </Badge>
          )}
        </Button>
        {onReset && active > 0 && (
          <Button variant="subtle" size="xs" onClick={onReset} data-testid="reset-filters">{t('list.resetFilters')}</Button>
        )}
      </Group>
      <Collapse expanded={opened} id={id} data-testid="filters-body">
        <Paper withBorder p="md">{children}</Paper>
      </Collapse>
    </Stack>
  )
}
