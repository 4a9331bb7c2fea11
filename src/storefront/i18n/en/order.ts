// The storefront's English texts: order (see ./index.ts).
export const order = {
  /** The success page (pages/success-page.tsx); its state titles and access links are in common. */
  success: {
    /** Below the state text while the payment is awaited, before the "Refresh" link. */
    updating: 'This page updates by itself.',
    refresh: 'Refresh',
    /** The order's details. */
    product: 'Product',
    paid: 'Paid',
    amount: 'Amount',
    total: 'Total over the plan',
    discount: 'Discount',
    method: 'Payment method',
    email: 'Email',
    /** The payment method line with the card paid with: {method} its name, {brand} e.g. Visa, {last4} its last digits. */
    methodCard: '{method} ({brand} •••• {last4})',
    /** The payment method line of a sandbox payment: {method} the line before. */
    methodTestMode: '{method} · test mode',
    tryAgain: 'Try again',
    /** An upsell accepted on the page: {name} the offer's product (shown in bold), {state} the new order's state text. */
    upsellAdded: '{name} was added to your order: {state}',
    seeOrder: 'See this order',
    signIn: 'Sign in to access your purchase',
    continue: 'Continue',
  },
  /** A bank wire's details on the success page. */
  bankDetails: {
    /** {amount}: the money to transfer. */
    heading: 'Please transfer {amount}',
    accountHolder: 'Account holder',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Reference',
    hint: 'Please use the reference exactly as shown, so we can match your payment.',
  },
  /** A one-click offer after a payment, on the success page and the funnel page (docs/decisions/0066-funnels.md). */
  upsell: {
    oneClick: 'One click: charged to the payment method you just used.',
    accept: 'Add to my order',
    busy: 'Please wait…',
    decline: 'No thanks',
  },
  /** The funnel page's end (pages/funnel-page.tsx). */
  funnel: {
    thankYou: 'Thank you!',
    complete: 'Your order is complete.',
    seeOrder: 'See your order',
  },
  /** The public certificate check /certificates/{serial} (pages/certificate-page.tsx). */
  certificate: {
    heading: 'Certificate check',
    /** The page's title: {serial} the certificate number. */
    title: 'Certificate {serial}',
    verdicts: {
      valid: { title: 'Genuine and valid', text: 'This certificate was issued through Sellfront and is valid.' },
      not_yet_valid: { title: 'Genuine, not yet valid', text: 'This certificate was issued through Sellfront; its validity has not started yet.' },
      expired: { title: 'Genuine, expired', text: 'This certificate was issued through Sellfront, but its validity has ended.' },
      revoked: { title: 'Revoked', text: 'This certificate was issued through Sellfront and has since been revoked. It is not valid.' },
      unknown: { title: 'Not found', text: 'No certificate with this number was issued through Sellfront. Check the number, or treat the document as not genuine.' },
    },
    labels: {
      serial: 'Certificate number', recipient: 'Awarded to', product: 'For', seller: 'Issued by', shownDate: 'Date on the certificate',
      validFrom: 'Valid from', validUntil: 'Valid until', revokedOn: 'Revoked on',
    },
    /** "Valid until" of a certificate valid for ever. */
    noEnd: 'No end',
  },
  /** The affiliate program's landing page for publishers and the embeddable items (docs/decisions/0048-affiliates.md). */
  affiliate: {
    /** {program}: the program's name, {seller}: the seller's name. */
    pageTitle: '{program} · Affiliate program of {seller}',
    /** {percent}: the level 1 commission, as common.percent. */
    pageDescription: 'Recommend the products of {seller} and earn {percent} commission on every sale.',
    defaultHeading: 'Become a partner of {seller}',
    heading: 'Your commission',
    /** {level}: 1, 2, ... */
    level: 'Level {level}',
    levelsHint: 'Level 1 is your own sale; the next levels pay you for the sales of the partners you recruit.',
    cookieDays: { one: 'Your link counts for {count} day after the click', other: 'Your link counts for {count} days after the click' },
    duration: {
      none: 'Commission on the first payment of each order',
      lifetime: 'Commission on every later payment and order of the customer, for life',
      days: { one: 'Commission on the customer\'s payments and orders for {count} day', other: 'Commission on the customer\'s payments and orders for {count} days' },
    },
    /** {amount}: the bonus with its currency. */
    bonus: 'A one-time bonus of {amount} after your first sale',
    products: 'Products you can recommend',
    join: 'Join as publisher',
    footer: 'Affiliate program of {seller}',
    watchVideo: 'Watch the video',
    buy: 'Buy',
    notAvailable: 'This offer is not available at the moment.',
    /** The price of a free product. */
    free: 'Free',
  },
} as const
