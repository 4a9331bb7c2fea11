import { ActionIcon, Box, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks'
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingMask } from './loading-mask'
import {
  clampToLastPage, lastPage, pageSizeChoices, withPage, withPer, withQuery, withSort, type ListState,
} from './list-state'

// A server-side list (docs/reference/accounts-and-orders.md §4): search, sortable columns, pages and page sizes. The list state
// lives with the caller (usually in a query key) and changes only through the pure functions in
// list-state.ts. Under the `sm` breakpoint (a phone) each row becomes a card of "column: value" lines and
// the sortable columns move into a "Sort by" choice (docs/decisions/0045-cabinet-on-a-phone.md).

export type DataTableColumn<T> = {
  key: string
  title: ReactNode
  sortable?: boolean
  render: (row: T) => ReactNode
  width?: number | string
}

export type DataTableProps<T> = {
  columns: DataTableColumn<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  totalCount: number
  state: ListState
  onStateChange: (next: ListState) => void
  loading?: boolean
  searchable?: boolean
  searchLabel?: string
  emptyText?: ReactNode
  caption?: string
}

function SortIcon({ active, dir }: { active: boolean; dir: 'asc' | 'desc' }) {
  if (!active) return <IconArrowsSort size={14} aria-hidden />
  return dir === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />
}

export function DataTable<T>({
  columns, rows, rowKey, totalCount, state, onStateChange, loading = false, searchable = true, searchLabel, emptyText, caption,
}: DataTableProps<T>) {
  const { t } = useTranslation()
  const [search, setSearch] = useState(state.query)
  const submitSearch = useDebouncedCallback((value: string) => onStateChange(withQuery(state, value.trim())), 400)

  useEffect(() => {
    if (loading) return
    const clamped = clampToLastPage(state, totalCount)
    if (clamped !== state) onStateChange(clamped)
  }, [loading, state, totalCount, onStateChange])

  const pages = lastPage(totalCount, state.per)
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false })

  return (
    <Stack gap="sm">
      {searchable && (
        <TextInput
          label={searchLabel ?? t('list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            submitSearch(event.currentTarget.value)
          }}
          maw={360}
        />
      )}
      {narrow ? (
        <LoadingMask visible={loading}>
          <RowCards columns={columns} rows={rows} rowKey={rowKey} state={state} onStateChange={onStateChange} loading={loading} emptyText={emptyText} caption={caption} />
        </LoadingMask>
      ) : (
        <LoadingMask visible={loading}>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-busy={loading}>
              {caption && <Table.Caption>{caption}</Table.Caption>}
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => {
                    const active = state.sortKey === column.key
                    return (
                      <Table.Th
                        key={column.key}
                        w={column.width}
                        aria-sort={active ? (state.sortDir === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {column.sortable ? (
                          <UnstyledButton onClick={() => onStateChange(withSort(state, column.key))} fw={600} fz="sm">
                            <Group gap={4} wrap="nowrap">
                              {column.title}
                              <SortIcon active={active} dir={state.sortDir} />
                            </Group>
                          </UnstyledButton>
                        ) : (
                          column.title
                        )}
                      </Table.Th>
                    )
                  })}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                {rows.length === 0 && !loading && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <Text c="dimmed" ta="center" py="lg">{emptyText ?? t('list.empty')}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </LoadingMask>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">{t('list.total', { count: totalCount })}</Text>
        <Group gap="md">
          <Select
            label={t('list.perPage')}
            data={pageSizeChoices(state.per).map((n) => ({ value: String(n), label: String(n) }))}
            value={String(state.per)}
            onChange={(value) => value && onStateChange(withPer(state, Number(value)))}
            allowDeselect={false}
            w={110}
            size="xs"
          />
          <Pagination
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={(page) => onStateChange(withPage(state, page, totalCount))}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`list.${control}Page`) })}
          />
        </Group>
      </Group>
    </Stack>
  )
}

/** The phone form of the list: one card per row, each column a "title: value" line. */
function RowCards<T>({ columns, rows, rowKey, state, onStateChange, loading, emptyText, caption }: Pick<DataTableProps<T>, 'columns' | 'rows' | 'rowKey' | 'state' | 'onStateChange' | 'emptyText' | 'caption'> & { loading: boolean }) {
  const { t } = useTranslation()
  const sortable = columns.filter((column) => column.sortable)
  const titleText = (column: DataTableColumn<T>) => (typeof column.title === 'string' ? column.title : column.key)
  return (
    <Stack gap="sm" aria-busy={loading} data-testid="data-cards">
      {sortable.length > 0 && (
        <Group gap="xs" align="end" wrap="nowrap">
          <Select
            label={t('list.sortBy')} size="xs" allowDeselect={false} flex={1}
            data={sortable.map((column) => ({ value: column.key, label: titleText(column) }))}
            value={sortable.some((column) => column.key === state.sortKey) ? state.sortKey : null}
            onChange={(key) => key && key !== state.sortKey && onStateChange(withSort(state, key))}
          />
          <ActionIcon
            variant="default" size="input-xs" onClick={() => onStateChange(withSort(state, state.sortKey))}
            aria-label={state.sortDir === 'asc' ? t('list.sortAscending') : t('list.sortDescending')}
          >
            <SortIcon active dir={state.sortDir} />
          </ActionIcon>
        </Group>
      )}
      {caption && <Text size="sm" c="dimmed">{caption}</Text>}
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}>
        {rows.map((row) => (
          <Paper component="li" withBorder p="sm" key={rowKey(row)} data-testid="data-card">
            <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, 40%) 1fr', columnGap: 'var(--mantine-spacing-sm)', rowGap: 6 }}>
              {columns.map((column) => (
                <Box key={column.key} style={{ display: 'contents' }}>
                  <Text component="dt" size="xs" c="dimmed" fw={500} style={{ overflowWrap: 'anywhere' }}>{column.title}</Text>
                  <Box component="dd" m={0} fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{column.render(row)}</Box>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      {rows.length === 0 && !loading && <Text c="dimmed" ta="center" py="lg">{emptyText ?? t('list.empty')}</Text>}
    </Stack>
  )
}
