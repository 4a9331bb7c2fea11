import { Tabs } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { PayoutArea } from '../api/payouts'

// The three payout pages of an area link to each other: Balance, Payouts, Settings.

const tabs = [
  { page: 'payouts_balance', key: 'balance' },
  { page: 'payouts', key: 'payouts' },
  { page: 'payouts_settings', key: 'settings' },
] as const

export function PayoutTabs({ area, current }: { area: PayoutArea; current: (typeof tabs)[number]['page'] }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Tabs value={current} onChange={(value) => { if (value) void navigate({ to: `/${area}/${value}` }) }} data-testid="payout-tabs">
      <Tabs.List>
        {tabs.map((tab) => <Tabs.Tab key={tab.page} value={tab.page} data-testid={`payout-tab-${tab.key}`}>{t(`moneyPayouts.tabs.${tab.key}`)}</Tabs.Tab>)}
      </Tabs.List>
    </Tabs>
  )
}
