// The storefront's words, in one place so a translation can replace them. English for now; the amounts
// follow the spec's money display rules whatever the language.

export const methodNames: Record<string, string> = {
  card: 'Credit or debit card', cardAmEx: 'American Express', stripeCard: 'Card', apple_pay: 'Apple Pay', google_pay: 'Google Pay',
  sepa: 'SEPA Direct Debit', ideal: 'iDEAL', p_24: 'Przelewy24', klarna: 'Klarna', twint: 'TWINT', paypal: 'PayPal',
  bank_wire: 'Bank transfer', free: 'Free',
}
export const methodName = (code: string) => methodNames[code] ?? code

export const buyButtonTexts = {
  buy_now: 'Buy now',
  agree_on_terms_and_pay: 'Agree to the terms and pay',
  complete_order: 'Complete order',
  accept_and_pay_now: 'Accept and pay now',
  free: 'Get for free',
  pay: (amount: string) => `Pay ${amount}`,
} as const

export const unavailableTexts: Record<string, string> = {
  sold_out: 'Sold out',
  not_on_sale: 'This product is not on sale yet.',
  no_active_pay_method: 'This product cannot be bought at the moment.',
  cannot_sell: 'This product cannot be bought at the moment.',
}

export const paymentStateTexts: Record<string, { title: string; text: string }> = {
  paid: { title: 'Thank you for your purchase!', text: 'Your payment was successful.' },
  paying: { title: 'Thank you for your purchase!', text: 'Your first payment was successful; the next ones follow your plan.' },
  payment_waiting: { title: 'Waiting for your payment', text: 'We have your order and are waiting for the payment.' },
  payment_pending: { title: 'Your payment is being processed', text: 'The payment provider has not confirmed it yet.' },
  payment_not_completed: { title: 'The payment did not go through', text: 'Nothing was charged. You can try again.' },
  payment_canceled: { title: 'This order was cancelled', text: 'Nothing more will be charged.' },
  payment_refunded: { title: 'This order was refunded', text: 'The money went back to you.' },
  payment_chargebacked: { title: 'This payment was reversed', text: 'The payment was taken back through your bank.' },
  payment_paused: { title: 'Payments are paused', text: 'The seller paused the charges of this plan.' },
}

