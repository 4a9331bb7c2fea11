// The storefront's English texts: the words many pages share (see ./index.ts).
export const common = {
  /** The payment methods by their code; a code without a name shows as it is. */
  methods: {
    card: 'Credit or debit card', cardAmEx: 'American Express', stripeCard: 'Card', apple_pay: 'Apple Pay', google_pay: 'Google Pay',
    sepa: 'SEPA Direct Debit', ideal: 'iDEAL', p_24: 'Przelewy24', klarna: 'Klarna', twint: 'TWINT', paypal: 'PayPal',
    bank_wire: 'Bank transfer', free: 'Free',
  },
  /** The product kind on shop cards and product pages (the shared product forms); `other` for any other. */
  productKinds: {
    digital: 'Digital product', download: 'Download', course: 'Online course', membership: 'Membership', bundle: 'Bundle',
    eventTickets: 'Event', licenseKey: 'Software license', certificate: 'Certificate', other: 'Product',
  },
  /** The success page's ways into what was just bought (docs/decisions/0044-storefront-presence.md). */
  access: {
    heading: 'Your purchase',
    course: 'Open your course',
    membership: 'Open your membership',
    bundle: 'Open your products',
    open: 'Open {name}',
    download: 'Download {name}',
    ticket: 'Your ticket {code} (PDF)',
    certificate: 'Your certificate (PDF)',
    licenseKey: 'Your license key',
    copy: 'Copy',
    waiting: 'Your access appears here as soon as the payment is confirmed.',
  },
  buyButton: {
    buy_now: 'Buy now',
    agree_on_terms_and_pay: 'Agree to the terms and pay',
    complete_order: 'Complete order',
    accept_and_pay_now: 'Accept and pay now',
    free: 'Get for free',
    /** A plan with a trial: nothing is charged now (docs/decisions/0033-trial-periods.md). */
    trial: 'Start free trial',
    pay: 'Pay {amount}',
  },
  unavailable: {
    sold_out: 'Sold out',
    not_on_sale: 'This product is not on sale yet.',
    no_active_pay_method: 'This product cannot be bought at the moment.',
    cannot_sell: 'This product cannot be bought at the moment.',
  },
  /** The order's state on the success page; `other` for a state without its own words. */
  paymentStates: {
    paid: { title: 'Thank you for your purchase!', text: 'Your payment was successful.' },
    paying: { title: 'Thank you for your purchase!', text: 'Your first payment was successful; the next ones follow your plan.' },
    payment_waiting: { title: 'Waiting for your payment', text: 'We have your order and are waiting for the payment.' },
    payment_pending: { title: 'Your payment is being processed', text: 'The payment provider has not confirmed it yet.' },
    payment_not_completed: { title: 'The payment did not go through', text: 'Nothing was charged. You can try again.' },
    payment_canceled: { title: 'This order was cancelled', text: 'Nothing more will be charged.' },
    payment_refunded: { title: 'This order was refunded', text: 'The money went back to you.' },
    payment_chargebacked: { title: 'This payment was reversed', text: 'The payment was taken back through your bank.' },
    payment_paused: { title: 'Payments are paused', text: 'The seller paused the charges of this plan.' },
    other: { title: 'Your order', text: '' },
  },
  /** The frame of every page (blocks/shell.tsx). */
  shell: {
    testMode: 'TEST MODE · no real money moves',
    soldWith: 'Sold with Sellfront',
    language: 'Language',
  },
  /** The words the server puts on pages of its own (src/server/plugins/storefront.ts): not found, a failed form. */
  server: {
    notFoundTitle: 'Page not found',
    notFoundText: 'This page does not exist (any more).',
    problemTitle: 'Something is not right',
    thanksTitle: 'Thank you',
    checkFormTitle: 'Please check the form',
    checkFields: 'Please check the highlighted fields.',
    chooseMethod: 'Please choose a payment method.',
    orderFailed: 'The order could not be placed.',
    wrongPassword: 'This password is not right',
    offerMissing: 'This offer does not exist.',
    offerFailed: 'The offer could not be added.',
    chooseTestOutcome: 'Choose how the test payment ends.',
  },
  /** A whole percent as the API keeps it, up to two decimals. */
  percent: '{value} %',
} as const
