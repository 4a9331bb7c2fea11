import { ActionIcon, Alert, Anchor, Button, Card, CopyButton, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconCopy, IconPencil, IconPlus, IconSend, IconX } from '@tabler/icons-react'
import { useLocation, useParams } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dealStates } from '../../../../shared/states/deal'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { errorText } from '../../../components/form-error'
import { formatDateTime, money } from '../../../lib/format'
import { cancelDeal, dealsKey, dealsQuery, publicDealQuery, sendDeal, type Deal } from '../api/deals'
import { DealForm } from '../components/deal-form'
import { FeatureGate } from '../../../components/feature-off'

// Deals (docs/decisions/0054-sales-team-and-deals.md): the list with its state filter and the create, edit,
// send and cancel actions (/cabinet/deals for the seller, /team_member/deals for a sales team member, who sees
// their own), and the payer's landing page of a deal's link (/deals/$token) that leads into the checkout.

const stateTone: Record<Deal['state'], string> = {
  draft: 'pending', ready: 'active', finalized: 'pending', closed: 'paid', cancelled: 'canceled', refunded: 'refunded', unsubscribed: 'canceled',
}

function amountOf(deal: { price: number | null; firstAmount: number | null; nextAmount: number | null; currency: string }): string {
  const first = deal.price ?? deal.firstAmount
  if (first === null) return '–'
  return deal.nextAmount !== null ? `${money(first, deal.currency)} + ${money(deal.nextAmount, deal.currency)}` : money(first, deal.currency)
}

/** Behind the sales_team flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function DealsPage() {
  return <FeatureGate flag="sales_team"><DealsPageContent /></FeatureGate>
}

function DealsPageContent() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(dealsQuery(state))
  const [editing, setEditing] = useState<Deal | 'new' | null>(null)
  const { confirm, modal } = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: dealsKey })
  const send = useMutation({ mutationFn: sendDeal, onSuccess: () => void refresh() })
  // In the cabinet the seller may hand a deal to a sales team member; in /team_member the deals are the member's own.
  const inCabinet = useLocation({ select: (l) => l.pathname.startsWith('/cabinet') })
  const cancel = useMutation({ mutationFn: cancelDeal, onSuccess: () => void refresh() })
  const columns: DataTableColumn<Deal>[] = [
    { key: 'payer', title: t('deals.columns.payer'), render: (d) => <Stack gap={0}><Text size="sm">{d.payerFirstName} {d.payerLastName}</Text><Text size="xs" c="dimmed">{d.payerEmail}</Text></Stack> },
    { key: 'product', title: t('deals.columns.product'), render: (d) => <Stack gap={0}><Text size="sm">{d.product.name}</Text><Text size="xs" c="dimmed">{amountOf(d)}</Text></Stack> },
    { key: 'state', title: t('deals.columns.state'), render: (d) => <span data-testid="deal-state"><StatusBadge status={stateTone[d.state]} label={t(`deals.states.${d.state}`)} /></span> },
    { key: 'member', title: t('deals.columns.salesTeamMember'), render: (d) => d.salesTeamMember ? `${d.salesTeamMember.name ?? d.salesTeamMember.email} (${d.salesTeamMember.feeBps / 100} %)` : '–' },
    { key: 'expires_at', title: t('deals.columns.expiresAt'), render: (d) => <Text size="sm" c={d.expired ? 'red' : undefined}>{formatDateTime(d.expiresAt, i18n.language)}</Text> },
    {
      key: 'actions', title: '', width: 140, render: (d) => (
        <Group gap={4} wrap="nowrap">
          {d.url && (
            <CopyButton value={d.url}>
              {({ copied, copy }) => <Tooltip label={copied ? t('deals.copied') : t('deals.copyLink')}><ActionIcon variant="subtle" onClick={copy} aria-label={t('deals.copyLink')}><IconCopy size={16} /></ActionIcon></Tooltip>}
            </CopyButton>
          )}
          {(d.state === 'draft' || d.state === 'ready') && (
            <>
              <ActionIcon variant="subtle" aria-label={t('deals.edit')} onClick={() => setEditing(d)} data-testid="deal-edit"><IconPencil size={16} /></ActionIcon>
              <ActionIcon variant="subtle" aria-label={t('deals.send')} loading={send.isPending} onClick={() => send.mutate(d.id)} data-testid="deal-send"><IconSend size={16} /></ActionIcon>
            </>
          )}
          {(d.state === 'draft' || d.state === 'ready' || d.state === 'finalized') && (
            <ActionIcon
              variant="subtle" color="red" aria-label={t('deals.cancel')} data-testid="deal-cancel"
              onClick={() => confirm({ name: d.payerEmail, title: t('deals.cancelTitle'), text: t('deals.cancelText'), confirmLabel: t('deals.cancel'), onConfirm: () => cancel.mutateAsync(d.id) })}
            ><IconX size={16} /></ActionIcon>
          )}
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="deals-page">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>{t('deals.title')}</Title>
          <Text c="dimmed" size="sm">{t('deals.lead')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="deal-new">{t('deals.new')}</Button>
      </Group>
      <Select
        w={240} clearable label={t('deals.columns.state')} placeholder={t('deals.allStates')} value={state.filters.state ?? null} data-testid="deal-state-filter"
        data={dealStates.map((s) => ({ value: s, label: t(`deals.states.${s}`) }))}
        onChange={(value) => onStateChange({ ...state, page: 1, filters: { ...state.filters, state: value ?? undefined } })}
      />
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(d) => d.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} searchLabel={t('deals.search')} emptyText={t('deals.empty')}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg" title={editing === 'new' ? t('deals.new') : t('deals.edit')}>
        {editing !== null && <DealForm deal={editing === 'new' ? null : editing} assign={inCabinet} onCancel={() => setEditing(null)} onDone={() => { setEditing(null); void refresh() }} />}
      </Modal>
      {modal}
    </Stack>
  )
}

/** /deals/$token: the payer's offer, then the product page's checkout with the deal applied. */
export function DealLandingPage() {
  const { t, i18n } = useTranslation()
  const { token } = useParams({ strict: false }) as { token: string }
  const deal = useQuery(publicDealQuery(token))
  if (deal.isPending) return null
  if (deal.isError) {
    return (
      <Stack maw={560} mx="auto" my="xl" data-testid="deal-landing-error">
        <Alert color="yellow" title={t('deals.landing.unavailable')}>{errorText(deal.error, i18n.language, t('deals.landing.unavailable'))}</Alert>
      </Stack>
    )
  }
  const d = deal.data.deal
  return (
    <Stack maw={560} mx="auto" my="xl" gap="md" data-testid="deal-landing">
      <Text c="dimmed">{t('deals.landing.for', { name: `${d.payerFirstName} ${d.payerLastName}`, seller: d.seller.name })}</Text>
      <Title order={1}>{d.product.name}</Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Text fw={700} fz="xl" data-testid="deal-landing-amount">{amountOf(d)}</Text>
          {d.pricingPlan.form !== 'one_time' && <Text size="sm" c="dimmed">{t(`deals.forms.${d.pricingPlan.form}`, { defaultValue: d.pricingPlan.form })}</Text>}
          {d.message && <Text size="sm">{d.message}</Text>}
          <Text size="xs" c="dimmed">{t('deals.landing.expires', { at: formatDateTime(d.expiresAt, i18n.language) })}</Text>
        </Stack>
      </Card>
      <Button component="a" href={d.checkoutUrl} size="lg" data-testid="deal-checkout">{t('deals.landing.checkout')}</Button>
      <Anchor size="xs" c="dimmed" href={`/s/${encodeURIComponent(d.seller.username)}`}>{t('deals.landing.shop', { seller: d.seller.name })}</Anchor>
    </Stack>
  )
}
