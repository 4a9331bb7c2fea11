import type { CheckoutPageOutput, ShopPlan, ShopProduct } from './props'

// Data for the storefront's unit tests, shaped like the services' answers. Not imported by any page.

export function plan(overrides: Partial<ShopPlan> = {}): ShopPlan {
  return {
    id: 11, version_id: 1, ticket_id: null, form: 'one_time', kind: 0, currency_id: 'eur', price: 24900, first_amount: null, next_amount: null,
    payments_count: null, interval: null, custom_intervals: null, use_net_price: false, name: null, trial_days: null, checkout_amount: 24900, total: 24900,
    display_price: 24900, display_old_price: null, ...overrides,
  }
}

export const installment = plan({
  id: 12, form: 'installment', kind: 1, price: null, first_amount: 9900, next_amount: 8000, payments_count: 3, interval: '1m', name: 'Three payments',
  checkout_amount: 9900, total: 25900, display_price: 9900,
})

export function product(overrides: Partial<ShopProduct> = {}): ShopProduct {
  return {
    id: 3, slug: 'watercolour-course', seller_username: 'demo', form: 'course', name: 'Watercolour from scratch',
    description: 'Eight modules.\n\nFrom first wash to finished landscape.', free: false, covers: [], display_price: 24900, display_old_price: null,
    currency_id: 'eur', pricing_plans: [plan(), installment], tickets: [], availability: { sold_out: false, remaining: null }, can_sell: true,
    ...overrides,
  }
}

export function eventProduct(): ShopProduct {
  const ticket = (id: number, name: string, price: number, soldOut = false) => ({
    id, name, location: 'Berlin', start_date: '2030-07-06T09:00:00.000Z', end_date: '2030-07-06T17:00:00.000Z', ticket_dates: [], limit: 40,
    active: true, sold_out: soldOut, pricing_plans: [plan({ id: id * 10, ticket_id: id, price, checkout_amount: price, total: price, display_price: price })],
  })
  return product({
    id: 4, slug: 'summer-workshop', form: 'eventTickets', name: 'Summer workshop', pricing_plans: [],
    tickets: [ticket(1, 'Sold out row', 5000, true), ticket(2, 'Standard', 8900), ticket(3, 'With materials', 12900)],
    availability: { sold_out: false, remaining: 5 },
  })
}

export function checkoutPage(overrides: Partial<CheckoutPageOutput> = {}): CheckoutPageOutput {
  return {
    seller: { id: 1, username: 'demo', name: 'Demo Studio' },
    settings: { layout: 'default', theme: {}, trust_seals: {}, buyer_information: 'full', phone_field: 'required', buy_button_text: 'dynamic_cta' },
    payment_methods: ['card', 'paypal'],
    bump: {
      position: 'belowPaymentMethods', placement: 'below_payment_options', layout: 'one_column', border_animation: 'none', price_animation: 'none',
      headline: null, text: null, offers: [{ product_id: 7, name: 'Preset pack', description: null, cover_url: null, pricing_plan_id: 70, amount: 1900, old_amount: null, currency: 'eur' }],
    },
    questions: [],
    terms_required: true,
    cancellation_terms_url: null,
    coupons_enabled: true,
    unavailable_reason: null,
    ...overrides,
  }
}
