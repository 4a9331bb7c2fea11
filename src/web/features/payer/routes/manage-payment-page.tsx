import { Alert, Badge, Button, Card, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../../components/form-error'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate, formatDateTime, money } from '../../../lib/format'
import { payRate } from '../api/pay-rate'
import { cancelSubscription, managedPaymentQuery, startMethodChange } from '../api/purchases'

// /s/$username/payment/$token/manage: the payer's own payment: the plan and its rates, cancelling a
// subscription when the seller allows it, changing the method later rates are charged to (sandbox, Stripe;
// other providers say to contact the seller), and paying an open rate now ("pay now", the dunning mails'
// pay link). Signed in; another payer's token answers "not found".
export function ManagePaymentPage() {
  const { t, i18n } = useTranslation()
  const { token } = useParams({ strict: false }) as { token: string }
  const queryClient = useQueryClient()
  const payment = useQuery(managedPaymentQuery(token))
  const cancel = useMutation({
    mutationFn: () => cancelSubscription(token),
    onSuccess: (data) => queryClient.setQueryData(managedPaymentQuery(token).queryKey, data),
  })
  // The new method is entered on the provider's own page (or the sandbox's), which sends the payer back here.
  const changeMethod = useMutation({
    mutationFn: () => startMethodChange(token),
    onSuccess: ({ url }) => window.location.assign(url),
  })
  // "Pay now": a normal payment of one open rate on the provider's page (the sandbox's in test mode).
  const pay = useMutation({
    mutationFn: (rateNumber: number) => payRate(token, rateNumber),
    onSuccess: ({ url }) => window.location.assign(url),
  })
  // Back from the provider's setup page: ?method=changed or refused (the state itself is read from the API).
  const methodResult = new URLSearchParams(window.location.search).get('method')
  return (
    <Container size="md" py="xl" data-testid="manage-payment">
      {payment.isPending && <Loader size="sm" />}
      {payment.isError && <Alert color="red">{errorText(payment.error, i18n.language, t('payerArea.notFound'))}</Alert>}
      {payment.data && (
        <Stack gap="lg">
          {(methodResult === 'changed' || methodResult === 'refused') && (
            <Alert color={methodResult === 'changed' ? 'green' : 'yellow'} data-testid="method-result">{t(`payerArea.methodResult.${methodResult}`)}</Alert>
          )}
          <Stack gap={4}>
            <Title order={2}>{payment.data.productName}</Title>
            <Group gap="sm">
              <Text c="dimmed">{payment.data.sellerName || payment.data.sellerUsername}</Text>
              <StatusBadge status={payment.data.paymentState} />
              {payment.data.card && <Badge variant="light" data-testid="manage-card">{payment.data.card.brand} ···· {payment.data.card.last4}</Badge>}
            </Group>
            <Text size="sm">{t('payerArea.paidOf', { paid: money(payment.data.paidAmount, payment.data.currency), total: money(payment.data.totalAmount, payment.data.currency) })}</Text>
            {payment.data.accessUntil && <Text size="sm" data-testid="access-until">{t('payerArea.accessUntil', { date: formatDateTime(payment.data.accessUntil, i18n.language) })}</Text>}
          </Stack>
          {payment.data.rates.length > 0 && (
            <Card withBorder padding="lg" radius="md">
              <Title order={3} fz="lg" mb="sm">{t('payerArea.rates')}</Title>
              <Table data-testid="manage-rates">
                <Table.Tbody>
                  {payment.data.rates.map((r) => (
                    <Table.Tr key={r.number} data-state={r.state}>
                      <Table.Td>{r.number}</Table.Td>
                      <Table.Td>{formatDate(r.dueDate, i18n.language)}</Table.Td>
                      <Table.Td>{money(r.amount, payment.data.currency)}</Table.Td>
                      <Table.Td><StatusBadge status={r.state} /></Table.Td>
                      <Table.Td>
                        {r.canPay && (
                          <Button
                            size="xs" loading={pay.isPending && pay.variables === r.number} disabled={pay.isPending}
                            onClick={() => pay.mutate(r.number)} data-testid={`pay-rate-${r.number}`}
                          >
                            {t('billing.payNow')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {pay.isError && <Alert color="red" mt="sm" data-testid="pay-rate-error">{errorText(pay.error, i18n.language, t('billing.payFailed'))}</Alert>}
            </Card>
          )}
          {(payment.data.canCancel || payment.data.canChangeMethod) && (
            <Group>
              {payment.data.canChangeMethod && (
                <Button variant="light" loading={changeMethod.isPending} onClick={() => changeMethod.mutate()} data-testid="change-method">
                  {t('payerArea.changeMethod')}
                </Button>
              )}
              {payment.data.canCancel && (
                <Button color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="cancel-subscription">
                  {t('payerArea.cancelSubscription')}
                </Button>
              )}
            </Group>
          )}
          {payment.data.canChangeMethod && <Text size="xs" c="dimmed">{t('payerArea.changeMethodHint')}</Text>}
          {payment.data.methodChangeUnsupported && (
            <Text size="xs" c="dimmed" data-testid="change-method-unsupported">{t('payerArea.changeMethodUnsupported')}</Text>
          )}
        </Stack>
      )}
    </Container>
  )
}
