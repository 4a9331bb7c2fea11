import { Alert, Badge, Button, FileButton, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { bankTransferStates } from '../../../../shared/states/bank-transfer'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { formatDate, money } from '../../../lib/format'
import { assignBankTransfer, bankTransfersKey, bankTransfersQuery, ignoreBankTransfer, uploadBankStatement, type BankImport, type BankTransfer } from '../api/bank-transfers'

// /cabinet/bank_transfers: the seller uploads a statement of their bank wire account (camt.053 or MT940); each
// incoming transfer is matched by the payment reference in its text (docs/decisions/0078-virtual-iban-bank-statements.md).
// The unmatched ones wait here to be given to an order by hand or ignored. Behind the virtual_iban flag.

const stateColors: Record<string, string> = { unmatched: 'orange', matched: 'green', assigned: 'blue', ignored: 'gray' }

function AssignModal({ transfer, onClose }: { transfer: BankTransfer; onClose: () => void }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [orderId, setOrderId] = useState<number | ''>('')
  const [note, setNote] = useState('')
  const assign = useMutation({
    mutationFn: () => assignBankTransfer(transfer.id, Number(orderId), note.trim()),
    onSuccess: () => { void client.invalidateQueries({ queryKey: bankTransfersKey }); onClose() },
  })
  return (
    <Modal opened onClose={onClose} title={t('bankTransfers.assignTitle', { amount: money(transfer.amount, transfer.currency) })}>
      <Stack component="form" gap="sm" onSubmit={(event) => { event.preventDefault(); assign.mutate() }} data-testid="bank-transfer-assign-form">
        <Text size="sm" c="dimmed">{transfer.remittance}</Text>
        <NumberInput label={t('bankTransfers.orderId')} description={t('bankTransfers.orderIdHint')} min={1} allowDecimal={false} required
          value={orderId} onChange={(v) => setOrderId(typeof v === 'number' ? v : '')} data-testid="bank-transfer-order-id" />
        <TextInput label={t('bankTransfers.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
        <FormError error={assign.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" loading={assign.isPending} disabled={orderId === ''} data-testid="bank-transfer-assign-submit">{t('bankTransfers.assign')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}

export function BankTransfersPage() {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState({ filters: { state: 'unmatched' } }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(bankTransfersQuery(state))
  const [imported, setImported] = useState<BankImport | null>(null)
  const [assigning, setAssigning] = useState<BankTransfer | null>(null)
  const refresh = () => client.invalidateQueries({ queryKey: bankTransfersKey })
  const upload = useMutation({ mutationFn: uploadBankStatement, onSuccess: (answer) => { setImported(answer); void refresh() } })
  const ignore = useMutation({ mutationFn: (id: number) => ignoreBankTransfer(id, ''), onSuccess: () => void refresh() })
  const counts = list.data?.counts ?? {}
  const decided = (kind: string) => imported?.lines.filter((l) => l.decision === kind).length ?? 0

  const columns: DataTableColumn<BankTransfer>[] = [
    { key: 'booked_on', title: t('bankTransfers.bookedOn'), render: (x) => formatDate(x.bookedOn, i18n.language) },
    { key: 'amount', title: t('bankTransfers.amount'), render: (x) => <Text size="sm" fw={500} data-testid="bank-transfer-amount">{money(x.amount, x.currency)}</Text> },
    { key: 'payer', title: t('bankTransfers.payer'), render: (x) => <Stack gap={0}><Text size="sm">{x.payerName ?? '–'}</Text><Text size="xs" c="dimmed">{x.payerIban}</Text></Stack> },
    { key: 'remittance', title: t('bankTransfers.remittance'), render: (x) => <Text size="xs" maw={320}>{x.remittance}</Text> },
    { key: 'state', title: t('bankTransfers.state'), render: (x) => (
      <Stack gap={2}>
        <Badge color={stateColors[x.state]} variant="light" data-testid="bank-transfer-state">{t(`bankTransfers.states.${x.state}`)}</Badge>
        {x.unmatchedReason && x.state === 'unmatched' && <Text size="xs" c="dimmed">{t(`bankTransfers.reasons.${x.unmatchedReason}`)}</Text>}
        {x.overpaidAmount > 0 && <Text size="xs" c="orange">{t('bankTransfers.overpaid', { amount: money(x.overpaidAmount, x.currency) })}</Text>}
      </Stack>
    ) },
    { key: 'order', title: t('bankTransfers.order'), render: (x) => (x.orderId ? `#${x.orderId}` : '–') },
    { key: 'actions', title: '', render: (x) => (x.state === 'unmatched' || x.state === 'ignored') && (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="light" onClick={() => setAssigning(x)} data-testid="bank-transfer-assign">{t('bankTransfers.assign')}</Button>
        {x.state === 'unmatched' && <Button size="compact-xs" variant="subtle" color="gray" loading={ignore.isPending} onClick={() => ignore.mutate(x.id)}>{t('bankTransfers.ignore')}</Button>}
      </Group>
    ) },
  ]

  return (
    <Stack gap="lg" data-testid="bank-transfers-page">
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Title order={2}>{t('bankTransfers.title')}</Title>
          <Text size="sm" c="dimmed">{t('bankTransfers.intro')}</Text>
        </Stack>
        <FileButton onChange={(file) => file && upload.mutate(file)} accept=".xml,.sta,.mt940,.txt">
          {(props) => <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="bank-statement-upload">{t('bankTransfers.upload')}</Button>}
        </FileButton>
      </Group>
      <FormError error={upload.error} />
      {imported && (
        <Alert color={imported.created ? 'green' : 'gray'} withCloseButton onClose={() => setImported(null)} data-testid="bank-statement-imported">
          {imported.created
            ? t('bankTransfers.imported', { lines: imported.lines.length, paid: decided('exact') + decided('over'), partial: decided('partial'), unmatched: decided('unmatched') })
            : t('bankTransfers.importedBefore')}
        </Alert>
      )}
      <SegmentedControl
        value={state.filters.state ?? 'all'} onChange={(v) => setState((s) => withFilter(s, 'state', v === 'all' ? undefined : v))} w="fit-content" data-testid="bank-transfer-filter-state"
        data={[{ value: 'all', label: t('bankTransfers.all') }, ...bankTransferStates.map((s) => ({ value: s, label: `${t(`bankTransfers.states.${s}`)} (${counts[s] ?? 0})` }))]}
      />
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending} searchLabel={t('bankTransfers.search')} emptyText={t('bankTransfers.empty')}
      />
      {assigning && <AssignModal transfer={assigning} onClose={() => setAssigning(null)} />}
    </Stack>
  )
}
