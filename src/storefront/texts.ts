// The storefront's words, in one place so a translation can replace them. English for now; the amounts
// follow the spec's money display rules whatever the language.

export const methodNames: Record<string, string> = {
  card: 'Credit or debit card', cardAmEx: 'American Express', stripeCard: 'Card', apple_pay: 'Apple Pay', google_pay: 'Google Pay',
  sepa: 'SEPA Direct Debit', ideal: 'iDEAL', p_24: 'Przelewy24', klarna: 'Klarna', twint: 'TWINT', paypal: 'PayPal',
  bank_wire: 'Bank transfer', free: 'Free',
}
export const methodName = (code: string) => methodNames[code] ?? code

/** The product kind on shop cards and product pages (the shared product forms). */
export const productKindNames: Record<string, string> = {
  digital: 'Digital product', download: 'Download', course: 'Online course', membership: 'Membership', bundle: 'Bundle',
  eventTickets: 'Event', licenseKey: 'Software license', certificate: 'Certificate',
}
export const productKindName = (form: string) => productKindNames[form] ?? 'Product'

/** The success page's ways into what was just bought (docs/decisions/0044-storefront-presence.md). */
export const accessTexts = {
  heading: 'Your purchase',
  course: 'Open your course',
  membership: 'Open your membership',
  bundle: 'Open your products',
  open: (name: string) => `Open ${name}`,
  download: (name: string) => `Download ${name}`,
  ticket: (code: string) => `Your ticket ${code} (PDF)`,
  certificate: 'Your certificate (PDF)',
  licenseKey: 'Your license key',
  copy: 'Copy',
  waiting: 'Your access appears here as soon as the payment is confirmed.',
} as const

export const buyButtonTexts = {
  buy_now: 'Buy now',
  agree_on_terms_and_pay: 'Agree to the terms and pay',
  complete_order: 'Complete order',
  accept_and_pay_now: 'Accept and pay now',
  free: 'Get for free',
  /** A plan with a trial: nothing is charged now (docs/decisions/0033-trial-periods.md). */
  trial: 'Start free trial',
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


// ------------------------------------------------------------------ the certificate check (/certificates/{serial})

/** The languages of the certificate check: German for a reader whose browser asks for it, else English. */
export type CertificateLanguage = 'en' | 'de'

type CertificateStatus = 'valid' | 'not_yet_valid' | 'expired' | 'revoked' | 'unknown'

export const certificateTexts: Record<CertificateLanguage, {
  heading: string
  title: (serial: string) => string
  verdicts: Record<CertificateStatus, { title: string; text: string }>
  labels: { serial: string; recipient: string; product: string; seller: string; shownDate: string; validFrom: string; validUntil: string; revokedOn: string }
  noEnd: string
}> = {
  en: {
    heading: 'Certificate check',
    title: (serial) => `Certificate ${serial}`,
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
    noEnd: 'No end',
  },
  de: {
    heading: 'Zertifikatsprüfung',
    title: (serial) => `Zertifikat ${serial}`,
    verdicts: {
      valid: { title: 'Echt und gültig', text: 'Dieses Zertifikat wurde über Sellfront ausgestellt und ist gültig.' },
      not_yet_valid: { title: 'Echt, noch nicht gültig', text: 'Dieses Zertifikat wurde über Sellfront ausgestellt; seine Gültigkeit hat noch nicht begonnen.' },
      expired: { title: 'Echt, abgelaufen', text: 'Dieses Zertifikat wurde über Sellfront ausgestellt, seine Gültigkeit ist jedoch abgelaufen.' },
      revoked: { title: 'Widerrufen', text: 'Dieses Zertifikat wurde über Sellfront ausgestellt und inzwischen widerrufen. Es ist nicht gültig.' },
      unknown: { title: 'Nicht gefunden', text: 'Über Sellfront wurde kein Zertifikat mit dieser Nummer ausgestellt. Prüfen Sie die Nummer oder betrachten Sie das Dokument als nicht echt.' },
    },
    labels: {
      serial: 'Zertifikatsnummer', recipient: 'Verliehen an', product: 'Für', seller: 'Ausgestellt von', shownDate: 'Datum auf dem Zertifikat',
      validFrom: 'Gültig ab', validUntil: 'Gültig bis', revokedOn: 'Widerrufen am',
    },
    noEnd: 'Unbegrenzt',
  },
}

// ------------------------------------------------------------------ affiliates (docs/decisions/0048-affiliates.md)

/** The affiliate program's landing page for publishers and the embeddable items. */
export const affiliateTexts = {
  pageTitle: (program: string, seller: string) => `${program} · Affiliate program of ${seller}`,
  pageDescription: (seller: string, level1: number) => `Recommend the products of ${seller} and earn ${percentText(level1)} commission on every sale.`,
  defaultHeading: (seller: string) => `Become a partner of ${seller}`,
  heading: 'Your commission',
  level: (n: number) => `Level ${n}`,
  levelsHint: 'Level 1 is your own sale; the next levels pay you for the sales of the partners you recruit.',
  cookieDays: (days: number) => (days === 1 ? 'Your link counts for 1 day after the click' : `Your link counts for ${days} days after the click`),
  duration: { none: 'Commission on the first payment of each order', lifetime: 'Commission on every later payment and order of the customer, for life', days: (days: number) => `Commission on the customer's payments and orders for ${days} days` },
  bonus: (amount: string) => `A one-time bonus of ${amount} after your first sale`,
  products: 'Products you can recommend',
  join: 'Join as publisher',
  footer: (seller: string) => `Affiliate program of ${seller}`,
  watchVideo: 'Watch the video',
  buy: 'Buy',
  notAvailable: 'This offer is not available at the moment.',
  free: 'Free',
} as const

/** A whole percent with up to two decimals, as the API keeps it: 15 -> "15 %", 7.5 -> "7.5 %". */
export function percentText(value: number): string {
  return `${Number(value.toFixed(2))} %`
}
