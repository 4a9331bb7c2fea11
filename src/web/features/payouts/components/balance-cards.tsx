import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { money } from '../../../lib/format'
import type { PartyBalance } from '../api/payouts'

// A party's balance per currency (docs/decisions/0049-money-out.md "Balances"): available (may be paid out;
// negative when a refund after a payout took more than was left), pending (refund window or hold), paid
// out, and what is on its way to the bank.

export function balanceRows(balances: readonly PartyBalance[]): PartyBalance[] {
  if (balances.length === 0) return [{ currency: 'eur', pending: 0, available: 0, paidOut: 0, inPayout: 0 }]
  return [...balances].sort((a, b) => a.currency.localeCompare(b.currency))
}

function Line({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Group justify="space-between" align="baseline">
      <Text size="sm" c={strong ? undefined : 'dimmed'}>{label}</Text>
      <Text fw={strong ? 700 : 400} fz={strong ? 'xl' : 'sm'} c={strong ? undefined : 'dimmed'} data-testid={testId}>{value}</Text>
    </Group>
  )
}

export function BalanceCards({ balances }: { balances: readonly PartyBalance[] }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="balance-cards">
      {balanceRows(balances).map((b) => (
        <Card key={b.currency} withBorder padding="lg" radius="md" data-testid={`balance-${b.currency}`}>
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{b.currency.toUpperCase()}</Text>
            <Line strong label={t('moneyPayouts.balance.available')} value={money(b.available, b.currency)} testId={`balance-available-${b.currency}`} />
            <Line label={t('moneyPayouts.balance.pending')} value={money(b.pending, b.currency)} testId={`balance-pending-${b.currency}`} />
            <Line label={t('moneyPayouts.balance.paidOut')} value={money(b.paidOut, b.currency)} testId={`balance-paid-out-${b.currency}`} />
            <Line label={t('moneyPayouts.balance.inPayout')} value={money(b.inPayout ?? 0, b.currency)} testId={`balance-in-payout-${b.currency}`} />
            {b.available < 0 && <Text size="xs" c="red">{t('moneyPayouts.balance.negative')}</Text>}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  )
}
