import { Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PayoutsBalancePage } from '../features/payouts/routes/payouts-pages'
import { CreditMemosSection, TransfersList } from '../features/publish/components/money-lists'

// /publish/payouts_balance: the payouts module's balance page with the publisher's transfers and credit
// memos below it (two features composed here, where the app may join them).

export function PublisherBalancePage() {
  const { t } = useTranslation()
  return (
    <PayoutsBalancePage>
      <Title order={3} fz="lg">{t('moneyPayouts.balance.transfers')}</Title>
      <TransfersList />
      <CreditMemosSection />
    </PayoutsBalancePage>
  )
}
