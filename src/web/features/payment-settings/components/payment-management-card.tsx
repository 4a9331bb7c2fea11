import { Card, Stack, Switch, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { paymentManagementQuery, savePaymentManagement } from '../api/payment-management'

// The seller's switch for the payer's manage page (/s/{username}/payment/{token}/manage): whether payers
// may cancel their subscriptions themselves (future rates skipped, access to the end of the paid period).
// Texts live in the payerArea namespace, next to the manage page they govern.
export function PaymentManagementCard() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const setting = useQuery(paymentManagementQuery())
  const save = useMutation({
    mutationFn: savePaymentManagement,
    onSuccess: (next) => {
      queryClient.setQueryData(paymentManagementQuery().queryKey, next)
      notifications.show({ message: t('payerArea.management.saved'), color: 'green' })
    },
  })
  return (
    <Card withBorder padding="lg" radius="md" data-testid="payment-management">
      <Stack gap="sm">
        <Title order={3} fz="lg">{t('payerArea.management.title')}</Title>
        <Text size="sm" c="dimmed">{t('payerArea.management.lead')}</Text>
        <FormError error={setting.error ?? save.error} />
        <Switch
          label={t('payerArea.management.payersMayCancel')}
          description={t('payerArea.management.payersMayCancelHelp')}
          checked={save.isPending ? save.variables : (setting.data?.payersMayCancel ?? false)}
          disabled={!setting.data || save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
          data-testid="payers-may-cancel"
        />
      </Stack>
    </Card>
  )
}
