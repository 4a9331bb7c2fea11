import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconFileTypePdf } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { parseInterval } from '../../../../shared/pricing/intervals'
import { LoadingMask } from '../../../components/loading-mask'
import { StatusBadge } from '../../../components/status-badge'
import { isApiError } from '../../../lib/api-client'
import { formatDateTime, money, percentOfBps } from '../../../lib/format'
import { openInvoicePdf, orderDetailQuery, type OrderDetail } from '../api/orders'
import { OrderActions } from '../components/order-actions'
import { planTermsOf } from '../components/plan-terms'

// /cabinet/orders/:orderId: one order with its amounts and state, payer, items, plan and rates, payments
// (transfers), invoices with their PDFs, dunning and claims, and the actions that apply now.

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={4} mb="sm">{title}</Title>
      {children}
    </Card>
  )
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}><Table.Td c="dimmed" w="40%">{label}</Table.Td><Table.Td>{value}</Table.Td></Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function SimpleTable({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid={testId}>
        <Table.Thead><Table.Tr>{head.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => <Table.Tr key={i}>{cells.map((c, j) => <Table.Td key={j}>{c}</Table.Td>)}</Table.Tr>)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

export function OrderDetailPage() {
  const { t } = useTranslation()
  const { orderId } = useParams({ strict: false }) as { orderId: string }
  const id = Number(orderId)
  const detail = useQuery({ ...orderDetailQuery(id), enabled: Number.isInteger(id) && id > 0, retry: false })
  const back = (
    <Anchor component={Link} to="/cabinet/orders" size="sm"><Group gap={4}><IconArrowLeft size={14} />{t('orderLists.detail.back')}</Group></Anchor>
  )
  if (detail.error && isApiError(detail.error) && detail.error.status === 404 || !(Number.isInteger(id) && id > 0)) {
    return <Stack>{back}<Text data-testid="order-not-found">{t('orderLists.detail.notFound')}</Text></Stack>
  }
  if (!detail.data) return <LoadingMask visible><Stack mih={200}>{back}</Stack></LoadingMask>
  return <OrderView order={detail.data} back={back} />
}

function OrderView({ order: o, back }: { order: OrderDetail; back: ReactNode }) {
  const { t, i18n } = useTranslation()
  const m = (amount: number) => money(amount, o.currency)
  const date = (iso: string | null | undefined) => (iso ? formatDateTime(iso, i18n.language) : t('orderLists.detail.none'))
  const state = (s: string) => <StatusBadge status={s} label={t(`orderLists.states.${s}`, { defaultValue: t(`status.${s}`, { defaultValue: s }) })} />
  // A state with the translated name of its own list (the spec's word in words when a name is missing).
  const plain = (s: string, names: string) => <StatusBadge status={s} label={i18n.exists(`${names}.${s}`) ? t(`${names}.${s}`) : undefined} />
  // The plan's interval code (1m, 2w...) in words, as the product wizard shows it.
  const intervalText = (code: unknown) => {
    const parsed = typeof code === 'string' ? parseInterval(code) : null
    return parsed ? t(`products.plans.units.${parsed.unit}`, { count: parsed.count }) : t('orderLists.detail.none')
  }
  const card = o.creditCard
  // The frozen terms bought ("3 rates of 40,00 € every 1 month"), and the method and provider actually used.
  const terms = planTermsOf(o.plan as Parameters<typeof planTermsOf>[0], m, intervalText)
  const termsText = terms
    ? `${t(`orderLists.detail.planTerms.${terms.key}`, terms.values)}${terms.trialDays ? t('orderLists.detail.planTerms.trial', { count: terms.trialDays }) : ''}`
    : t('orderLists.detail.none')
  const methodText = `${t(`paymentMethods.${o.paymentMethod}`, { defaultValue: o.paymentMethod })} · ${t(`paymentProviders.${o.provider}`, { defaultValue: o.provider })}`
  const amounts: [string, number, string][] = [
    [t('orderLists.detail.total'), o.totalAmount, 'total'], [t('orderLists.detail.vat'), o.vatAmount, 'vat'], [t('orderLists.detail.paid'), o.paidAmount, 'paid'],
    [t('orderLists.detail.unpaid'), o.unpaidAmount, 'unpaid'], [t('orderLists.detail.debt'), o.debtAmount, 'debt'], [t('orderLists.detail.refunded'), o.refundedAmount, 'refunded'],
    // Disputes: what an open chargeback took, and the dispute fees the provider charged (kept after a won dispute).
    ...(o.chargebackAmount > 0 ? [[t('orderLists.detail.chargebacked'), o.chargebackAmount, 'chargeback'] as [string, number, string]] : []),
    ...((o.disputeFeeAmount ?? 0) > 0 ? [[t('orderLists.detail.disputeFee'), o.disputeFeeAmount ?? 0, 'dispute-fee'] as [string, number, string]] : []),
  ]
  return (
    <Stack gap="lg" data-testid="order-detail" data-order-id={o.id} data-state={o.paymentState}>
      {back}
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Group gap="sm"><Title order={2}>{t('orderLists.detail.title', { id: o.id })}</Title><span data-testid="order-state">{state(o.paymentState)}</span></Group>
          <Text size="sm" c="dimmed">{t('orderLists.detail.token')}: <Text span ff="monospace">{o.token}</Text> · {t('orderLists.detail.created', { time: date(o.createdAt) })}</Text>
        </Stack>
        <OrderActions order={o} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" data-testid="order-amounts">
        {amounts.map(([label, value, key]) => (
          <Card key={key} withBorder padding="sm"><Text size="xs" c="dimmed">{label}</Text><Text fw={600} data-testid={`amount-${key}`}>{m(value)}</Text></Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('orderLists.detail.product')} testId="order-product">
          <Facts rows={[
            [t('orderLists.columns.product'), o.product?.name ?? o.productName],
            [t('orderLists.detail.plan'), o.pricingPlanName ?? t(`orderLists.paymentForms.${o.paymentForm ?? ''}`, { defaultValue: t('orderLists.detail.none') })],
            [t('orderLists.detail.terms'), <span key="terms" data-testid="order-plan-terms">{termsText}</span>],
            [t('orderLists.detail.paymentForm'), o.paymentForm ? t(`orderLists.paymentForms.${o.paymentForm}`, { defaultValue: o.paymentForm }) : t('orderLists.detail.none')],
            [t('orderLists.detail.period'), intervalText(o.plan?.interval)],
            [t('orderLists.detail.orderType'), t(`orderLists.orderTypes.${o.orderType}`)],
            [t('orderLists.detail.upsellType'), o.upsellType ? t(`orderLists.upsellTypes.${o.upsellType}`, { defaultValue: o.upsellType }) : t('orderLists.detail.none')],
            [t('orderLists.detail.coupon'), o.couponCode ?? t('orderLists.detail.none')],
            [t('orderLists.detail.discount'), m(o.discountAmount)],
            [t('orderLists.detail.campaign'), o.campaignId ?? t('orderLists.detail.none')],
            [t('orderLists.detail.method'), <span key="method" data-testid="order-method">{methodText}</span>],
            // A price converted into the payer's currency: the rate the order keeps (docs/decisions/0097-payer-currencies.md).
            ...(o.exchange ? [[t('orderLists.detail.exchange'), <span key="exchange" data-testid="order-exchange">{t('orderLists.detail.exchangeValue', {
              base: o.exchange.baseCurrency.toUpperCase(), rate: o.exchange.rate, currency: o.currency.toUpperCase(), date: o.exchange.ratedAt.slice(0, 10),
              source: t(`orderLists.detail.exchangeSources.${o.exchange.source}`, { defaultValue: o.exchange.source }), total: money(o.exchange.baseTotalAmount, o.exchange.baseCurrency),
            })}</span>] as [string, ReactNode]] : []),
            ...(card ? [[t('orderLists.detail.card'), <span key="card" data-testid="order-card">{t('orderLists.detail.cardValue', { brand: card.brand, last4: card.last4, month: card.expMonth ?? '–', year: card.expYear ?? '–' })}</span>] as [string, ReactNode]] : []),
            ...(o.trialEndsAt ? [[t('orderLists.detail.trialEnds'), date(o.trialEndsAt)] as [string, ReactNode]] : []),
            ...(o.canceledAt ? [[t('orderLists.detail.canceledAt'), `${date(o.canceledAt)}${o.canceledBy ? ` (${o.canceledBy})` : ''}`] as [string, ReactNode]] : []),
            ...(o.pausedAt ? [[t('orderLists.detail.pausedAt'), date(o.pausedAt)] as [string, ReactNode]] : []),
            ...(o.cancellationTerm ? [[t('orderLists.detail.cancellationTerm'), <Anchor key="ct" href={o.cancellationTerm.url} target="_blank" rel="noreferrer" size="sm">{o.cancellationTerm.title}</Anchor>] as [string, ReactNode]] : []),
          ]} />
        </Section>
        <Section title={t('orderLists.detail.payer')} testId="order-payer">
          {o.payer && (
            <Stack gap={2}>
              <Text fw={500}>{`${o.payer.firstName} ${o.payer.lastName}`}{o.payer.company ? ` · ${o.payer.company}` : ''}</Text>
              <Text size="sm">{o.payer.email}</Text>
              {o.payer.phone && <Text size="sm">{o.payer.phone}</Text>}
              <Text size="sm" c="dimmed">{[[o.payer.street, o.payer.streetNumber].filter(Boolean).join(' '), [o.payer.zip, o.payer.city].filter(Boolean).join(' '), o.payer.state, o.payer.countryCode].filter(Boolean).join(', ')}</Text>
              {o.payer.vatId && <Text size="sm">{o.payer.vatId}</Text>}
            </Stack>
          )}
          {/* As the invoice says it: a reverse charge names its VAT id and how far the id was checked. */}
          {o.reverseCharge
            ? <Text size="sm" c="dimmed" mt="xs" data-testid="order-vat-note">{t('orderLists.detail.reverseCharge', {
              vatId: o.reverseCharge.vatId || '–',
              country: o.reverseCharge.country ? t('orderLists.detail.reverseChargeCountry', { country: o.reverseCharge.country }) : '',
              checked: t(`orderLists.detail.reverseChargeChecked.${o.reverseCharge.verification}`),
            })}</Text>
            : o.vatNote && <Text size="sm" c="dimmed" mt="xs" data-testid="order-vat-note">{o.vatNote}</Text>}
        </Section>
      </SimpleGrid>
      <Section title={t('orderLists.detail.items')}>
        <SimpleTable testId="order-items" head={['name', 'kind', 'quantity', 'net', 'vat', 'gross'].map((k) => t(`orderLists.detail.itemColumns.${k}`))}
          rows={(o.sellables ?? []).map((i) => [i.name, i.kind, i.quantity, m(i.netAmount), m(i.vatAmount), m(i.grossAmount)])} />
      </Section>
      {(o.rates ?? []).length > 0 && (
        <Section title={t('orderLists.detail.rates')}>
          <SimpleTable testId="order-rates" head={['number', 'dueAt', 'amount', 'paid', 'state', 'attempts'].map((k) => t(`orderLists.detail.rateColumns.${k}`))}
            rows={(o.rates ?? []).map((r) => [r.number, date(r.dueAt), m(r.amount), m(r.paidAmount), plain(r.state, 'orderRates.rates.states'), r.attempts])} />
        </Section>
      )}
      <Section title={t('orderLists.detail.transfers')}>
        <SimpleTable testId="order-transfers" head={['id', 'kind', 'state', 'amount', 'method', 'created', 'reason'].map((k) => t(`orderLists.detail.transferColumns.${k}`))}
          rows={(o.transfers ?? []).map((p) => [p.id, p.kind, plain(p.state, 'invoices.transfers.states'), m(p.amount), `${p.method} · ${p.provider}`, date(p.createdAt), p.failureReason ?? ''])} />
      </Section>
      <Section title={t('orderLists.detail.invoices')} testId="order-invoices">
        {(o.invoices ?? []).length === 0 ? <Text size="sm" c="dimmed">{t('orderLists.detail.noInvoices')}</Text> : (
          <SimpleTable testId="order-invoice-table" head={[...['number', 'kind', 'gross', 'issued'].map((k) => t(`orderLists.detail.invoiceColumns.${k}`)), '']}
            rows={(o.invoices ?? []).map((i) => [i.number, t(`invoices.kinds.${i.kind}`, { defaultValue: i.kind }), m(i.grossAmount), date(i.issuedAt),
              <Button key="pdf" size="compact-xs" variant="subtle" leftSection={<IconFileTypePdf size={14} />} onClick={() => void openInvoicePdf(i.pdfUrl)}>{t('orderLists.detail.pdf')}</Button>])} />
        )}
      </Section>
      {/* Where the order's money went, per participant, from the ledger (docs/decisions/0051-resellers.md). */}
      <Section title={t('orderLists.detail.payoutSplit.title')} testId="order-payout-split">
        {o.reseller && (
          <Text size="sm" mb="xs" data-testid="order-reseller">{t('orderLists.detail.payoutSplit.soldBy', {
            name: o.reseller.legalName, fee: percentOfBps(o.reseller.feeBps, i18n.language),
          })}</Text>
        )}
        <SimpleTable testId="order-payout-split-table" head={[t('orderLists.detail.payoutSplit.participant'), t('orderLists.detail.payoutSplit.amount')]}
          rows={(o.payoutSplit ?? []).map((s) => [t(`orderLists.detail.payoutSplit.participants.${s.participant}`), money(s.amount, s.currency)])} />
      </Section>
      {o.deal && (
        <Section title={t('orderLists.detail.deal.title')} testId="order-deal">
          <Group gap="sm">
            <Text size="sm">{t('orderLists.detail.deal.text', { id: o.deal.id })}</Text>
            <StatusBadge status={o.deal.state} label={t(`deals.states.${o.deal.state}`)} />
            {o.deal.salesTeamMemberId !== null && <Text size="sm" c="dimmed">{t('orderLists.detail.deal.member', { id: o.deal.salesTeamMemberId })}</Text>}
          </Group>
        </Section>
      )}
      {(o.commissions ?? []).length > 0 && (
        <Section title={t('affiliates.orderCommissions.title')} testId="order-commissions">
          {o.publisherId ? <Text size="sm" mb="xs" data-testid="order-publisher">{t('affiliates.orderCommissions.publisher')}: {o.publisherId}</Text> : null}
          <SimpleTable testId="order-commissions-table"
            head={['level', 'publisher', 'kind', 'amount', 'reversed', 'state', 'availableAt'].map((k) => t(`affiliates.orderCommissions.${k}`))}
            rows={(o.commissions ?? []).map((c) => [c.level, c.publisherId, t(`affiliates.orderCommissions.kinds.${c.kind}`), money(c.amount, c.currency),
              money(c.reversedAmount, c.currency), <StatusBadge key="state" status={c.state} label={t(`affiliates.orderCommissions.states.${c.state}`)} />, date(c.availableAt)])} />
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('orderLists.detail.dunning')} testId="order-dunning">
          {o.dunning && o.dunning.list.length > 0 ? (
            <Stack gap="xs">
              <Text size="sm">{t('orderLists.detail.dunningAmounts', {
                inDunning: m(o.dunning.amounts.inDunning), debt: m(o.dunning.amounts.debt), collected: m(o.dunning.amounts.collected), writtenOff: m(o.dunning.amounts.writtenOff),
              })}</Text>
              <SimpleTable testId="order-dunning-table" head={['rate', 'state', 'step', 'next', 'amount', 'result'].map((k) => t(`orderLists.detail.dunningColumns.${k}`))}
                rows={o.dunning.list.map((d) => [d.rateId, plain(d.state, 'dunning.states'), d.step, date(d.nextStepAt), m(d.amount), d.result ?? ''])} />
            </Stack>
          ) : <Text size="sm" c="dimmed">{t('orderLists.detail.noDunning')}</Text>}
        </Section>
        <Section title={t('orderLists.detail.claims')} testId="order-claims">
          {(o.claimData ?? []).length > 0 ? (
            <SimpleTable testId="order-claims-table" head={['amount', 'collected', 'writtenOff', 'inkasso', 'outcome'].map((k) => t(`orderLists.detail.claimColumns.${k}`))}
              rows={(o.claimData ?? []).map((c) => [m(c.amount), m(c.collectedAmount), m(c.writtenOffAmount), plain(c.inkassoStatus, 'dunning.inkasso'), c.outcomeStatus ? plain(c.outcomeStatus, 'dunning.outcome') : ''])} />
          ) : <Text size="sm" c="dimmed">{t('orderLists.detail.noClaims')}</Text>}
        </Section>
      </SimpleGrid>
    </Stack>
  )
}
