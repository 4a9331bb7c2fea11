import { describe, expect, test } from 'vitest'
import { renderPage } from './entry-server'
import { checkoutTheme, trustSeals } from '../shared/schemas/checkout-settings'
import { checkoutPage, plan, product } from './test-fixtures'
import type { ProductPageProps } from './props'

// The product page of a plan with a trial (docs/decisions/0033-trial-periods.md): what it says, what it charges today,
// and which methods it offers.

const assets = { css: [], js: [], preload: [] }
const trialPlan = plan({ id: 21, form: 'subscription', kind: 3, price: 1900, interval: '1m', checkout_amount: 1900, total: null, display_price: 1900, trial_days: 14, name: 'Club' })

function render(overrides: Partial<ProductPageProps> = {}): string {
  const checkout = { ...checkoutPage(), payment_methods: ['card', 'paypal', 'sepa'] }
  checkout.settings.theme = checkoutTheme({})
  checkout.settings.trust_seals = trustSeals({})
  const props: ProductPageProps = {
    username: 'demo', product: product({ pricing_plans: [trialPlan] }), checkout, countries: [['DE', 'Germany']], idempotencyKey: 'key-1',
    password: null, values: {}, step: 1, error: null, quote: null, ...overrides,
  }
  return renderPage({ page: 'product', props, appUrl: 'https://shop.example', path: '/s/demo/club', assets })
}

describe('the product page of a trial plan', () => {
  test('reads "14 days free, then 19,00€ per month", charges nothing today and starts the trial', () => {
    const html = render()
    expect(html).toContain('14 days free, then 19,00€ per month until cancelled')
    expect(html).toContain('data-testid="plan-trial"')
    expect(html).toMatch(/data-testid="price-first"[^>]*>0,00€</)
    expect(html).toContain('data-testid="price-trial"')
    expect(html).toMatch(/data-testid="buy-button"[^>]*>Start free trial</)
  })
  test('hides PayPal (and bank wire): only methods kept without a charge are offered', () => {
    const html = render()
    expect(html).toContain('data-testid="method-card"')
    expect(html).toContain('data-testid="method-sepa"')
    expect(html).not.toContain('data-testid="method-paypal"')
  })
})
