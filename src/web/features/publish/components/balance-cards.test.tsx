import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n } from '../../../i18n'
import { BalanceCards, balanceCardRows } from './balance-cards'

describe('balance cards', () => {
  test('currencies in a stable order; an empty balance shows zero in euros', () => {
    expect(balanceCardRows([{ currency: 'usd', pending: 1, available: 2, paidOut: 0 }, { currency: 'eur', pending: 3, available: 4, paidOut: 0 }]).map((b) => b.currency)).toEqual(['eur', 'usd'])
    expect(balanceCardRows([])).toEqual([{ currency: 'eur', pending: 0, available: 0, paidOut: 0 }])
  })

  test('each currency shows its available and pending amounts with the money formatter', async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(
      <MantineProvider>
        <BalanceCards balances={[{ currency: 'eur', pending: 1250, available: 99, paidOut: 0 }, { currency: 'usd', pending: 0, available: 100000, paidOut: 0 }]} />
      </MantineProvider>,
    )
    const amount = (id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]
    expect(amount('publisher-balance-eur-available')).toMatch(/0[.,]99/)
    expect(amount('publisher-balance-eur-pending')).toMatch(/12[.,]50/)
    expect(amount('publisher-balance-usd-available')).toMatch(/1[.,]?000[.,]00/)
    expect(amount('publisher-balance-usd-pending')).toMatch(/0[.,]00/)
  })
})
