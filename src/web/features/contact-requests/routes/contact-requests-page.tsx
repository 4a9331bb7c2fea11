import { Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { contactRequestListQuery, type ContactRequest } from '../api/contact-requests'

// /cabinet/contact_requests: the messages payers sent through the contact forms of the seller's built pages
// (docs/decisions/0065-serving-built-pages.md), newest first, each with the fields as the payer saw them.

export function ContactRequestsPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(contactRequestListQuery(state))
  const tr = (key: string) => t(`contactRequests.${key}`)

  const columns: DataTableColumn<ContactRequest>[] = [
    { key: 'id', title: tr('columns.id'), sortable: true, width: 70, render: (x) => x.id },
    { key: 'created_at', title: tr('columns.received'), sortable: true, width: 180, render: (x) => formatDateTime(x.createdAt, i18n.language) },
    {
      key: 'fields', title: tr('columns.message'), render: (x) => (
        <Stack gap={2} data-testid="contact-request-row">
          {x.fields.filter((f) => f.value !== '').map((f) => (
            <Text key={f.id} size="sm" style={{ whiteSpace: 'pre-wrap' }}><Text span fw={600}>{f.label}:</Text> {f.value}</Text>
          ))}
        </Stack>
      ),
    },
  ]

  return (
    <Stack gap="lg" data-testid="contact-requests-page">
      <Title order={2}>{tr('title')}</Title>
      <Text c="dimmed">{tr('intro')}</Text>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={tr('search')} emptyText={tr('empty')}
      />
    </Stack>
  )
}
