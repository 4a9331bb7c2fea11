// The storefront's English texts: built (see ./index.ts). The words the blocks of a built page add around the
// seller's own texts (src/storefront/built/, docs/decisions/0059-page-blocks.md).
export const built = {
  /** The price of a free product on the blocks' product cards. */
  free: 'Free',
  /** The label of the header's and footer's menu, for screen readers. */
  menu: 'Menu',
  header: {
    share: 'Share',
    myAccount: 'My account',
    cancelSubscription: 'Cancel subscription',
  },
  /** The title of an external video's frame when the block has none, for screen readers. */
  videoTitle: 'Video',
  /** The link under the PDF reader. */
  openPdf: 'Open the PDF',
  products: {
    empty: 'No products yet.',
  },
  /** The funnel block without a title of its own (docs/decisions/0071-funnel-gaps.md). */
  funnel: {
    thanks: 'Thank you!',
    /** `{name}`: the payer's first name. */
    thanksName: 'Thank you, {name}!',
    /** `{product}`: the offer's product. */
    offer: 'Add {product}',
    /** `{price}`: the offer's price. */
    offerPrice: 'Add {product} for {price}',
    /** The plan the offer sells: `{plan}` its name, `{price}` its amount. */
    plan: '{plan}: {price}',
  },
  affiliate: {
    /** One level of the commissions: `{level}` 1, 2, …, `{percent}` the whole percent. */
    commissionLevel: 'Level {level}: {percent} %',
    cookieDays: { one: 'Cookie lifetime: {count} day', other: 'Cookie lifetime: {count} days' },
  },
  contactForm: {
    /** The label of a field hidden from people that catches bots (it is never shown). */
    honeypot: 'Website',
    unavailable: 'This form cannot be sent yet.',
    /** A field's label by its kind, when the seller gave none. */
    fields: {
      first_name: 'First name', last_name: 'Last name', email: 'Email', birthday: 'Date of birth', street: 'Street', zip: 'Postcode',
      country_code: 'Country', phone: 'Phone', custom: 'Your message',
    },
  },
  /** The labels under the countdown's numbers. */
  countdown: { months: 'Months', weeks: 'Weeks', days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
  socialProof: {
    views: { one: '{count} person viewed this', other: '{count} people viewed this' },
    purchases: { one: '{count} person bought this', other: '{count} people bought this' },
    /** `{name}`: the buyer's first name; `{ago}`: one of the texts below. */
    recentPurchase: '{name} bought this {ago}',
    minutesAgo: { one: '{count} minute ago', other: '{count} minutes ago' },
    hoursAgo: { one: '{count} hour ago', other: '{count} hours ago' },
    daysAgo: { one: '{count} day ago', other: '{count} days ago' },
  },
  thankYou: {
    /** `{number}`: the order's number. */
    order: 'Order {number}',
    access: 'Your access',
  },
} as const
