import { Button, Divider, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, isCurrencyId, parseMoneyInput, type CurrencyId } from '../../../../shared/money'
import { claimOutcomeStates, collectionPartners, type ClaimOutcomeState, type CollectionPartner, type InkassoState } from '../../../../shared/states/dunning'
import { FormError } from '../../../components/form-error'
import { claimHandoffsQuery, downloadClaimFile, moveClaimInkasso, recordClaimOutcome, writeOffClaim, type Claim } from '../api/dunning'

// What a seller does with one claim: move it to the next inkasso stage (only the stages the server offers
// this user: court stages for managers and power sellers), record an outcome, or write off part or all.

export function ClaimActions({ claim, onDone }: { claim: Claim; onDone: () => void }) {
  const { t } = useTranslation()
  const currency: CurrencyId = isCurrencyId(claim.currency) ? claim.currency : 'eur'
  const money = (amount: number) => formatMoney({ amount, currency })
  const [stage, setStage] = useState<string | null>(claim.nextInkassoStates[0] ?? null)
  const [outcome, setOutcome] = useState<ClaimOutcomeState | null>(null)
  const [collected, setCollected] = useState('')
  const [writeOff, setWriteOff] = useState('')
  const closed = claim.openAmount === 0 || claim.outcomeStatus === 'collected' || claim.outcomeStatus === 'manually_resolved'

  // Moving to in_inkasso may hand the claim to a collection partner (docs/decisions/0057-orders-area-remains.md).
  const [partner, setPartner] = useState<string | null>(null)
  const handoffs = useQuery(claimHandoffsQuery(claim.id))
  const inkasso = useMutation({
    mutationFn: () => moveClaimInkasso(claim.id, { status: stage as InkassoState, ...(stage === 'in_inkasso' && partner ? { partner: partner as CollectionPartner } : {}) }),
    onSuccess: onDone,
  })
  const record = useMutation({
    mutationFn: () => {
      const amount = collected.trim() === '' ? undefined : parseMoneyInput(collected, currency) ?? undefined
      return recordClaimOutcome(claim.id, { outcome: outcome!, ...(amount !== undefined ? { collected_amount: amount } : {}) })
    },
    onSuccess: onDone,
  })
  const writing = useMutation({
    mutationFn: () => {
      const amount = writeOff.trim() === '' ? undefined : parseMoneyInput(writeOff, currency) ?? undefined
      return writeOffClaim(claim.id, amount !== undefined ? { amount } : {})
    },
    onSuccess: onDone,
  })

  return (
    <Stack gap="md" data-testid="claim-actions">
      <Text size="sm">
        {t('dunning.claims.actions.summary', { amount: money(claim.amount), open: money(claim.openAmount), collected: money(claim.collectedAmount), writtenOff: money(claim.writtenOffAmount) })}
      </Text>
      <FormError error={inkasso.error ?? record.error ?? writing.error} />

      <Text fw={600} size="sm">{t('dunning.claims.actions.inkassoTitle')}</Text>
      {claim.nextInkassoStates.length === 0
        ? <Text size="sm" c="dimmed">{t('dunning.claims.actions.noInkassoMove')}</Text>
        : (
          <Group align="end">
            <Select
              label={t('dunning.claims.actions.nextStage')} w={240} value={stage} onChange={setStage} data-testid="claim-next-stage"
              data={claim.nextInkassoStates.map((s) => ({ value: s, label: t(`dunning.inkasso.${s}`) }))}
            />
            {stage === 'in_inkasso' && (
              <Select
                label={t('ordersArea.claims.partner')} placeholder={t('ordersArea.claims.noPartner')} clearable w={220} value={partner} onChange={setPartner}
                data={collectionPartners.map((p) => ({ value: p, label: t(`ordersArea.strategyType.${p}`) }))} data-testid="claim-partner"
              />
            )}
            <Button onClick={() => inkasso.mutate()} loading={inkasso.isPending} disabled={!stage} data-testid="claim-move">{t('dunning.claims.actions.move')}</Button>
          </Group>
        )}

      {(handoffs.data?.list ?? []).map((h) => (
        <Stack key={h.id} gap={2} data-testid="claim-handoff" data-status={h.status}>
          <Group gap="xs">
            <Text size="sm" fw={600}>{t('ordersArea.claims.handoffTitle', { partner: t(`ordersArea.strategyType.${h.partner}`), attempt: h.attempt })}</Text>
            {h.mode === 'export' && <Button size="compact-xs" variant="subtle" onClick={() => void downloadClaimFile(claim.id)}>{t('ordersArea.claims.file')}</Button>}
          </Group>
          {h.events.map((e) => (
            <Text key={e.id} size="xs" c="dimmed">
              {t(`ordersArea.handoffEvent.${e.kind}`)}{e.amount !== null ? ` ${money(e.amount)}` : ''}{e.stage ? ` · ${t(`ordersArea.strategyStage.${e.stage}`)}` : ''}
            </Text>
          ))}
        </Stack>
      ))}

      <Divider />
      <Text fw={600} size="sm">{t('dunning.claims.actions.outcomeTitle')}</Text>
      <Group align="end">
        <Select
          label={t('dunning.claims.actions.outcome')} w={240} value={outcome} onChange={(v) => setOutcome(v as ClaimOutcomeState | null)} data-testid="claim-outcome"
          data={claimOutcomeStates.map((s) => ({ value: s, label: t(`dunning.outcome.${s}`) }))} disabled={claim.outcomeStatus === 'collected' || claim.outcomeStatus === 'manually_resolved'}
        />
        {(outcome === 'partially_collected' || outcome === 'manually_resolved') && (
          <TextInput label={t('dunning.claims.actions.collectedAmount')} w={160} value={collected} onChange={(e) => setCollected(e.currentTarget.value)} data-testid="claim-collected" />
        )}
        <Button onClick={() => record.mutate()} loading={record.isPending} disabled={!outcome} data-testid="claim-record">{t('dunning.claims.actions.record')}</Button>
      </Group>

      <Divider />
      <Text fw={600} size="sm">{t('dunning.claims.actions.writeOffTitle')}</Text>
      <Text size="xs" c="dimmed">{t('dunning.claims.actions.writeOffHelp')}</Text>
      <Group align="end">
        <TextInput
          label={t('dunning.claims.actions.writeOffAmount')} placeholder={money(claim.openAmount)} w={160} value={writeOff}
          onChange={(e) => setWriteOff(e.currentTarget.value)} disabled={closed} data-testid="claim-write-off-amount"
        />
        <Button color="red" variant="light" onClick={() => writing.mutate()} loading={writing.isPending} disabled={closed} data-testid="claim-write-off">
          {t('dunning.claims.actions.writeOff')}
        </Button>
      </Group>
    </Stack>
  )
}
