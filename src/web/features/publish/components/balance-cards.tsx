import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { money } from '../../../lib/format'
import type { Balance } from '../api/money'

// The publisher's balance per currency (GET /publish/payouts_balance): pending commissions (still inside
// the program's hold days) and available ones (docs/decisions/0048-affiliates.md, "Money is in the ledger").

/** Currencies in a stable order; an empty answer shows one zero card in the fallback currency. */
export function balanceCardRows(balances: readonly Balance[], fallbackCurrency = 'eur'): Balance[] {
  if (balances.length === 0) return [{ currency: fallbackCurrency, pending: 0, available: 0, paidOut: 0 }]
  return [...balances].sort((a, b) => a.currency.localeCompare(b.currency))
}

export function BalanceCards({ balances }: { balances: readonly Balance[] }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="publisher-balances">
      {balanceCardRows(balances).map((b) => (
        <Card key={b.currency} withBorder padding="lg" radius="md" data-testid={`publisher-balance-${b.currency}`}>
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{b.currency.toUpperCase()}</Text>
            <Group justify="space-between" align="baseline">
              <Text size="sm">{t('publisher.balance.available')}</Text>
              <Text fw={700} fz="xl" data-testid={`publisher-balance-${b.currency}-available`}>{money(b.available, b.currency)}</Text>
            </Group>
            <Group justify="space-between" align="baseline">
              <Text size="sm" c="dimmed">{t('publisher.balance.pending')}</Text>
              <Text c="dimmed" data-testid={`publisher-balance-${b.currency}-pending`}>{money(b.pending, b.currency)}</Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  )
}
