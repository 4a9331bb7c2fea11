import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n } from '../../../i18n'
import { BalanceCards, balanceRows } from './balance-cards'

describe('party balance cards', () => {
  test('currencies in a stable order; an empty balance shows zero in euros', () => {
    expect(balanceRows([{ currency: 'usd', pending: 1, available: 2, paidOut: 0 }, { currency: 'eur', pending: 3, available: 4, paidOut: 0 }]).map((b) => b.currency)).toEqual(['eur', 'usd'])
    expect(balanceRows([])).toEqual([{ currency: 'eur', pending: 0, available: 0, paidOut: 0, inPayout: 0 }])
  })

  test('available, pending, paid out and on its way per currency; a negative balance is explained', async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(
      <MantineProvider>
        <BalanceCards balances={[{ currency: 'eur', pending: 1250, available: -99, paidOut: 5000, inPayout: 2000 }]} />
      </MantineProvider>,
    )
    const amount = (id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]
    expect(amount('balance-available-eur')).toMatch(/0[.,]99/)
    expect(amount('balance-pending-eur')).toMatch(/12[.,]50/)
    expect(amount('balance-paid-out-eur')).toMatch(/50[.,]00/)
    expect(amount('balance-in-payout-eur')).toMatch(/20[.,]00/)
    expect(html).toContain('new earnings settle this first')
  })
})
