import { Alert, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { IconFlask, IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { meKey } from '../../../lib/session'
import { paymentSettingsQuery } from '../api/get-payment-settings'
import { providersQuery } from '../api/list-providers'
import { paymentSettingsKey } from '../api/types'
import { PaymentMatrix } from '../components/payment-matrix'
import { PaymentManagementCard } from '../components/payment-management-card'
import { ProviderCard } from '../components/provider-card'
import { FeaturesOff } from '../../../components/feature-off'
import { notOfferedProviders } from '../../../../shared/payments'

// /cabinet/settings/payment_providers (tab "Providers") and /cabinet/settings/payment_settings (tab
// "Payment settings", the method x provider matrix), docs/reference/catalogue-and-selling.md §2.

type Tab = 'payment_providers' | 'payment_settings'

function PaymentTabs({ tab, children }: { tab: Tab; children: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack gap="lg" data-testid="payment-settings-page">
      <Stack gap={4}>
        <Title order={2}>{t('paymentSettings.title')}</Title>
        <Text c="dimmed" size="sm">{t('paymentSettings.intro')}</Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => value && value !== tab && void navigate({ to: `/cabinet/settings/${value}` })}>
        <Tabs.List>
          <Tabs.Tab value="payment_providers" data-testid="tab-providers">{t('paymentSettings.tabs.providers')}</Tabs.Tab>
          <Tabs.Tab value="payment_settings" data-testid="tab-matrix">{t('paymentSettings.tabs.matrix')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  )
}

function AccountState({ testMode, done }: { testMode: boolean; done: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      {testMode && <Alert color="yellow" variant="light" icon={<IconFlask size={20} />} title={t('paymentSettings.testModeTitle')}>{t('paymentSettings.testModeText')}</Alert>}
      {!done && <Alert color="red" variant="light" icon={<IconInfoCircle size={20} />} data-testid="payment-account-open">{t('paymentSettings.accountOpen')}</Alert>}
    </>
  )
}

/** The provider values an order may carry that no checkout offers (docs/decisions/0015-payment-methods-and-providers.md). */
function NotOffered() {
  const { t } = useTranslation()
  return (
    <Alert variant="light" color="gray" title={t('paymentSettings.notOffered.title')} data-testid="providers-not-offered">
      <Stack gap={4}>
        {notOfferedProviders.map((provider) => (
          <Text key={provider} size="sm"><b>{t(`paymentProviders.${provider}`)}</b>: {t(`paymentSettings.notOffered.${provider}`)}</Text>
        ))}
      </Stack>
    </Alert>
  )
}

export function PaymentProvidersPage() {
  const queryClient = useQueryClient()
  const providers = useQuery(providersQuery())
  // payment_account_done may change with any provider change: the dashboard's checklist reads it from the user
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: paymentSettingsKey }), queryClient.invalidateQueries({ queryKey: meKey })])
  return (
    <PaymentTabs tab="payment_providers">
      <LoadingMask visible={providers.isPending}>
        <FormError error={providers.error} />
        {providers.data && (
          <Stack gap="md">
            <AccountState testMode={providers.data.testMode} done={providers.data.paymentAccountDone} />
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {providers.data.list.map((account) => <ProviderCard key={account.provider} account={account} onChanged={() => void refresh()} />)}
            </SimpleGrid>
            <NotOffered />
          </Stack>
        )}
      </LoadingMask>
    </PaymentTabs>
  )
}

export function PaymentSettingsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery(paymentSettingsQuery())
  return (
    <PaymentTabs tab="payment_settings">
      <LoadingMask visible={settings.isPending}>
        <FormError error={settings.error} />
        {settings.data && (
          <Stack gap="md">
            <AccountState testMode={settings.data.testMode} done={settings.data.paymentAccountDone} />
            <Text size="sm" c="dimmed">{t('paymentSettings.matrix.hint')}</Text>
            <FeaturesOff flags={['twint', 'klarna', 'klarna_subscriptions']} />
            <PaymentMatrix
              settings={settings.data}
              onSaved={(next) => {
                queryClient.setQueryData(paymentSettingsQuery().queryKey, next)
                void queryClient.invalidateQueries({ queryKey: [...paymentSettingsKey, 'providers'] })
                void queryClient.invalidateQueries({ queryKey: meKey })
              }}
            />
            <PaymentManagementCard />
          </Stack>
        )}
      </LoadingMask>
    </PaymentTabs>
  )
}
