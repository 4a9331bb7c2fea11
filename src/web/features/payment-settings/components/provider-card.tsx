import { Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SellerCredentialProvider } from '../../../../shared/payments'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { deleteProvider } from '../api/delete-provider'
import { setProviderActive } from '../api/set-provider-active'
import type { ProviderAccount } from '../api/types'
import { BankWireForm, PayPalForm, StripeForm } from './provider-forms'

// One provider: what is stored (public info only: the publishable key, masked secrets, the email, the
// last 4 of the IBAN), its form, the on/off switch and removal. Built-in providers (the sandbox in test
// mode, the platform's connect account) are shown without a form.

const infoKeys: Record<string, string[]> = {
  stripe: ['publishableKey', 'secretKey', 'webhookSecret', 'mode'],
  paypal: ['email', 'clientId', 'clientSecret', 'merchantId', 'webhookId', 'nvpUser'],
  bank_wire: ['accountHolder', 'iban', 'bic', 'bankName'],
  connect: ['publishableKey'],
  sandbox: [],
}

export function ProviderCard({ account, onChanged }: { account: ProviderAccount; onChanged: () => void }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const [removing, setRemoving] = useState(false)
  const provider = account.provider as SellerCredentialProvider
  const toggle = useMutation({ mutationFn: (active: boolean) => setProviderActive(provider, active), onSuccess: onChanged })
  const remove = useMutation({
    mutationFn: () => deleteProvider(provider),
    onSuccess: () => {
      setRemoving(false)
      onChanged()
    },
  })
  const rows = (infoKeys[account.provider] ?? []).filter((key) => account.publicInfo[key] !== null && account.publicInfo[key] !== undefined)
  const formProps = { account, onCancel: () => setEditing(false), onSaved: () => {
    setEditing(false)
    onChanged()
  } }
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`provider-${account.provider}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} fz="lg">{t(`paymentProviders.${account.provider}`)}</Title>
            <Text size="sm" c="dimmed">{t(`paymentSettings.providerHints.${account.provider}`)}</Text>
          </Stack>
          <Group gap="xs">
            {account.builtIn && <Badge variant="light" color="gray">{t('paymentSettings.builtIn')}</Badge>}
            {account.configured
              ? <Badge variant="light" color={account.active ? 'green' : 'gray'} data-testid="provider-state">{account.active ? t('paymentSettings.active') : t('paymentSettings.inactive')}</Badge>
              : <Badge variant="light" color="yellow" data-testid="provider-state">{t('paymentSettings.notConfigured')}</Badge>}
          </Group>
        </Group>
        {rows.length > 0 && !editing && (
          <Table withRowBorders={false} verticalSpacing={2} data-testid="provider-info">
            <Table.Tbody>
              {rows.map((key) => (
                <Table.Tr key={key}>
                  <Table.Td w={220}><Text size="sm" c="dimmed">{t(`paymentSettings.fields.${key}`)}</Text></Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{String(account.publicInfo[key])}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {editing && provider === 'stripe' && <StripeForm {...formProps} />}
        {editing && provider === 'paypal' && <PayPalForm {...formProps} />}
        {editing && provider === 'bank_wire' && <BankWireForm {...formProps} />}
        <FormError error={toggle.error ?? remove.error} />
        {!account.builtIn && !editing && (
          <Group justify="space-between">
            {account.configured
              ? <Switch label={t('paymentSettings.activeSwitch')} checked={account.active} disabled={toggle.isPending} onChange={(e) => toggle.mutate(e.currentTarget.checked)} data-testid="provider-active" />
              : <span />}
            <Group gap="xs">
              {account.configured && <Button variant="default" color="red" onClick={() => setRemoving(true)} data-testid="provider-remove">{t('paymentSettings.remove')}</Button>}
              <Button variant={account.configured ? 'light' : 'filled'} onClick={() => setEditing(true)} data-testid="provider-edit">
                {account.configured ? t('paymentSettings.edit') : t('paymentSettings.configure')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
      <Modal opened={removing} onClose={() => setRemoving(false)} title={t('paymentSettings.remove')}>
        <Stack>
          <Text>{t('paymentSettings.removeText', { provider: t(`paymentProviders.${account.provider}`) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(false)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="provider-remove-confirm">{t('paymentSettings.remove')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  )
}
