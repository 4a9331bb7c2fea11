// The words built blocks add around the seller's texts (English, like the rest of the storefront for now).

const ago = (seconds: number) => {
  const s = Number.isFinite(seconds) ? Math.max(0, seconds) : 0
  const [n, unit] = s < 3600 ? [Math.max(1, Math.floor(s / 60)), 'minute'] : s < 86_400 ? [Math.floor(s / 3600), 'hour'] : [Math.floor(s / 86_400), 'day']
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`
}

/**
 * The languages the storefront's own words exist in, by their own name (docs/decisions/0070-shop-header-and-themes.md):
 * the header's language switcher offers these. English only today; a translation adds its entry here.
 */
export const storefrontLanguages = [{ code: 'en', name: 'English' }] as const
export const defaultStorefrontLanguage = 'en'

/** The language asked for with `?lang=`, when the storefront has it; else the default. */
export const storefrontLanguageOf = (requested: unknown): string =>
  storefrontLanguages.find((l) => l.code === requested)?.code ?? defaultStorefrontLanguage

export const builtTexts = {
  free: 'Free',
  menu: 'Menu',
  language: 'Language',
  cancelSubscription: 'Cancel subscription',
  myAccount: 'My account',
  share: 'Share',
  openPdf: 'Open the PDF',
  noProducts: 'No products yet.',
  orderNumber: (n: string) => `Order ${n}`,
  yourAccess: 'Your access',
  formUnavailable: 'This form cannot be sent yet.',
  countdownUnits: { months: 'Months', weeks: 'Weeks', days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
  views: (n: number) => (n === 1 ? '1 person viewed this' : `${n} people viewed this`),
  purchases: (n: number) => (n === 1 ? '1 person bought this' : `${n} people bought this`),
  /** `seconds`: how long ago (the name is the buyer's initial, "A."). */
  recentPurchase: (name: string, seconds: number) => `${name} bought this ${ago(seconds)}`,
  commissionLevel: (level: number, percent: number) => `Level ${level}: ${percent} %`,
  cookieDays: (days: number) => `Cookie lifetime: ${days} days`,
  contactFields: {
    first_name: 'First name', last_name: 'Last name', email: 'Email', birthday: 'Date of birth', street: 'Street', zip: 'Postcode',
    country_code: 'Country', phone: 'Phone', custom: 'Your message',
  },
} as const
