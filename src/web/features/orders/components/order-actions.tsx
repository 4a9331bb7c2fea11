import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, isCurrencyId, parseMoneyInput, toMajorUnitsString } from '../../../../shared/money'
import { Modal } from '../../../components/modal'
import { newIdempotencyKey } from '../../../lib/api-client'
import { orderAction, ordersKey, refundOrder, type OrderDetail } from '../api/orders'

// The order detail's actions, each behind a confirmation and shown only when the order says it applies
// (`actions`): Refund (full by default, or a part), Cancel plan, Pause, Resume.

type Action = 'refund' | 'cancel' | 'pause' | 'resume'

export function OrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<Action | null>(null)
  const currency = isCurrencyId(order.currency) ? order.currency : 'eur'
  const refundable = order.actions.refundableAmount
  const [amountText, setAmountText] = useState('')
  const parsed = amountText.trim() === '' ? refundable : parseMoneyInput(amountText, currency)
  const amountValid = parsed !== null && parsed > 0 && parsed <= refundable
  // One Idempotency-Key per refund the seller means: a submission retried after a timeout or an error sends
  // the same key (the server refunds once and answers the first answer again); another amount, or the next
  // refund after one went through, takes a new key.
  const refundKey = useRef<{ amount: number | undefined; key: string } | null>(null)
  const keyFor = (amount: number | undefined): string => {
    const kept = refundKey.current
    if (kept && kept.amount === amount) return kept.key
    const key = newIdempotencyKey()
    refundKey.current = { amount, key }
    return key
  }
  const run = useMutation({
    mutationFn: (action: Action) => {
      if (action !== 'refund') return orderAction(order.id, action)
      const amount = parsed === refundable ? undefined : (parsed ?? undefined)
      return refundOrder(order.id, amount, keyFor(amount))
    },
    onSuccess: async (_data, action) => {
      notifications.show({ message: t(`orderLists.actions.done.${action}`), color: 'green' })
      if (action === 'refund') refundKey.current = null
      setOpen(null)
      setAmountText('')
      await queryClient.invalidateQueries({ queryKey: ordersKey })
    },
  })
  const shown = (['refund', 'cancel', 'pause', 'resume'] as const).filter((a) => order.actions[a])
  if (shown.length === 0) return null
  const lead = open === 'refund' ? t('orderLists.actions.refundLead', { amount: formatMoney({ amount: refundable, currency }) }) : open ? t(`orderLists.actions.${open}Lead`) : ''

  return (
    <>
      <Group gap="xs" data-testid="order-actions">
        {shown.map((a) => (
          <Button key={a} variant={a === 'refund' || a === 'cancel' ? 'light' : 'default'} color={a === 'refund' || a === 'cancel' ? 'red' : undefined}
            onClick={() => setOpen(a)} data-testid={`action-${a}`}>
            {t(`orderLists.actions.${a}`)}
          </Button>
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? t(`orderLists.actions.${open}Title`) : ''}>
        <Stack gap="sm" data-testid="action-dialog">
          <Text size="sm">{lead}</Text>
          {open === 'refund' && (
            <TextInput
              label={t('orderLists.actions.refundAmount')} inputMode="decimal" placeholder={toMajorUnitsString(refundable, currency)} value={amountText}
              onChange={(e) => setAmountText(e.currentTarget.value)} description={t('orderLists.actions.refundFull')} data-testid="refund-amount"
              error={amountValid ? undefined : t('orderLists.actions.refundInvalid', { amount: toMajorUnitsString(refundable, currency) })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)}>{t('common.cancel')}</Button>
            <Button color={open === 'refund' || open === 'cancel' ? 'red' : undefined} loading={run.isPending} disabled={open === 'refund' && !amountValid}
              onClick={() => open && run.mutate(open)} data-testid="action-confirm">
              {t('orderLists.actions.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
