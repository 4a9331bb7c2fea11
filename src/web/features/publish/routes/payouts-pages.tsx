import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { payoutsBalanceQuery } from '../api/money'
import { BalanceCards } from '../components/balance-cards'
import { BalanceTable, CreditMemosSection, TransfersList } from '../components/money-lists'

// The publisher's money pages. Payouts to a bank account arrive with the payouts capability: until then
// /publish/bank_accounts, /publish/payouts_settings and /publish/payouts say so and show the real balance
// (never invented payouts). /publish/payouts_balance and /publish/transfers show the ledger's figures.

function BalanceBlock() {
  const balance = useQuery(payoutsBalanceQuery())
  return balance.data ? <BalanceCards balances={balance.data.balances} /> : <Skeleton h={110} radius="md" />
}

function PayoutsArrive({ page }: { page: 'bankAccounts' | 'payoutsSettings' | 'payouts' }) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid={`publisher-${page}`}>
      <Title order={2}>{t(`publisher.payouts.${page}.title`)}</Title>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title={t('publisher.payouts.arriveTitle')}>
        {t(`publisher.payouts.${page}.text`)} {t('publisher.payouts.arriveText')}
      </Alert>
      <Text fw={600}>{t('publisher.payouts.yourBalance')}</Text>
      <BalanceBlock />
    </Stack>
  )
}

export function BankAccountsPage() {
  return <PayoutsArrive page="bankAccounts" />
}

export function PayoutsSettingsPage() {
  return <PayoutsArrive page="payoutsSettings" />
}

export function PayoutsPage() {
  return <PayoutsArrive page="payouts" />
}

export function PayoutsBalancePage() {
  const { t } = useTranslation()
  const balance = useQuery(payoutsBalanceQuery())
  return (
    <Stack gap="lg" data-testid="publisher-payouts-balance">
      <Title order={2}>{t('publisher.balance.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.balance.lead')}</Text>
      {balance.data ? (
        <>
          <BalanceCards balances={balance.data.balances} />
          <BalanceTable balances={balance.data.balances} />
        </>
      ) : <Skeleton h={160} radius="md" />}
      <Title order={3} fz="lg">{t('publisher.transfers.title')}</Title>
      <TransfersList />
      <CreditMemosSection />
    </Stack>
  )
}

export function PublisherTransfersPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid="publisher-transfers">
      <Title order={2}>{t('publisher.transfers.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.transfers.lead')}</Text>
      <TransfersList />
      <CreditMemosSection />
    </Stack>
  )
}
