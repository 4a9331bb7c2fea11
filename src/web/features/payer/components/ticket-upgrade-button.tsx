import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, isCurrencyId } from '../../../../shared/money'
import { useErrorText } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { createTicketUpgrade, ticketUpgradeOptionsQuery } from '../api/ticket-upgrades'

// "Upgrade" on an unused ticket of the payer area (docs/reference/readings.md 8): the better ticket types of the event with
// the difference to pay; choosing one makes a ticket_upgrade order and goes to its payment. Shows nothing
// when there is no better type, or when the seller's ticket_upgrade flag is off (the server answers 403).
export function TicketUpgradeButton({ paymentTicketId }: { paymentTicketId: number }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [opened, setOpened] = useState(false)
  const options = useQuery(ticketUpgradeOptionsQuery(paymentTicketId))
  const upgrade = useMutation({
    mutationFn: (ticketId: number) => createTicketUpgrade(paymentTicketId, ticketId, crypto.randomUUID()),
    onSuccess: ({ order, nextAction }) => {
      // The provider's page (the sandbox in test mode), else the order's own page (free or bank wire).
      window.location.assign(nextAction.type === 'redirect' ? nextAction.url : `/s/${encodeURIComponent(order.sellerUsername)}/payment/${encodeURIComponent(order.token)}`)
    },
  })
  const data = options.data
  if (!data || data.options.length === 0) return null
  const money = (amount: number) => formatMoney({ amount, currency: isCurrencyId(data.currency) ? data.currency : 'eur' })
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)} data-testid="ticket-upgrade-open">{t('paymentTickets.upgrade.button')}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('paymentTickets.upgrade.title', { name: data.ticketName })} size="md">
        <Stack gap="sm">
          <Text size="sm">{t('paymentTickets.upgrade.lead', { paid: money(data.paidAmount) })}</Text>
          {data.options.map((option) => (
            <Group key={option.ticketId} justify="space-between" wrap="nowrap" data-testid="ticket-upgrade-option" data-ticket-id={option.ticketId}>
              <Stack gap={0}>
                <Text fw={500}>{option.name}</Text>
                <Text size="xs" c="dimmed">
                  {t('paymentTickets.upgrade.price', { price: money(option.priceAmount) })}
                  {option.vatAmount > 0 ? ` · ${t('paymentTickets.upgrade.vat', { vat: money(option.vatAmount) })}` : ''}
                </Text>
              </Stack>
              <Button size="sm" loading={upgrade.isPending && upgrade.variables === option.ticketId} disabled={upgrade.isPending}
                onClick={() => upgrade.mutate(option.ticketId)} data-testid="ticket-upgrade-choose">
                {option.differenceAmount > 0 ? t('paymentTickets.upgrade.pay', { amount: money(option.differenceAmount) }) : t('paymentTickets.upgrade.free')}
              </Button>
            </Group>
          ))}
          {upgrade.isError && <Alert color="red" data-testid="ticket-upgrade-error">{errorText(upgrade.error)}</Alert>}
          <Group justify="flex-end"><Button variant="default" onClick={() => setOpened(false)}>{t('common.cancel')}</Button></Group>
        </Stack>
      </Modal>
    </>
  )
}
