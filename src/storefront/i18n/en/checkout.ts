// The storefront's English texts: checkout (see ./index.ts).
export const checkout = {
  /** The product page around its checkout form (pages/product-page.tsx). */
  product: {
    /** The countdown's words when the seller's theme sets none; the remaining time follows them. */
    countdown: 'This offer ends in',
    steps: 'Checkout steps',
    stepChoice: '1. Your choice',
    stepDetails: '2. Your details and payment',
    couponCode: 'Coupon code',
    /** The button that applies the coupon code entered. */
    couponApply: 'Apply',
    /** {code}: the coupon code entered. */
    couponApplied: 'Coupon {code} applied',
    couponInvalid: 'This coupon cannot be used',
    next: 'Continue',
    back: 'Back',
    /** Without JavaScript: the button that prices the form again. */
    updatePrice: 'Update price',
    /** The buy button while the order is sent. */
    submitting: 'Please wait…',
  },
  /** The product's covers, date and description (blocks/covers.tsx). */
  covers: {
    /** The list of thumbnails. */
    pictures: 'Pictures',
    /** A cover's alternative text after the first: {name} the product's name, {number} the cover's place (2, 3, …). */
    picture: '{name} ({number})',
    date: 'Date',
    place: 'Place',
    /** The earliest start when an event's ticket types start at different times: {date} that date and time. */
    fromDate: 'From {date}',
    /** An event's start and end: {start} and {end} dates and times (or only the end's time on the same day). */
    range: '{start} – {end}',
    showMore: 'Show more',
    showLess: 'Show less',
  },
  /**
   * A date and time of an event, always in UTC and the same on the server and in every browser
   * (blocks/plans.tsx eventDate): "6 Jul 2030, 09:00 UTC".
   */
  eventDate: {
    /** {day} the day of the month, {month} the month's short name (below), {year} four digits, {time} e.g. 09:00. */
    dateTime: '{day} {month} {year}, {time} UTC',
    /** Only the time, for an end on the same day as the start: {time} e.g. 17:00. */
    time: '{time} UTC',
    months: {
      jan: 'Jan', feb: 'Feb', mar: 'Mar', apr: 'Apr', may: 'May', jun: 'Jun',
      jul: 'Jul', aug: 'Aug', sep: 'Sep', oct: 'Oct', nov: 'Nov', dec: 'Dec',
    },
  },
  /** The plan and ticket choice (blocks/plans.tsx). */
  plans: {
    choosePlan: 'Choose your plan',
    chooseTicket: 'Choose your ticket',
    recommended: 'Recommended',
    /** The price of a free plan. */
    free: 'Free',
    quantity: 'Quantity',
  },
  /** How a plan charges, as the payer reads it (lib/plans.ts). {amount}, {first}, {next}: money; {count}: the number of payments. */
  planText: {
    /** A plan without a name is called by its kind. */
    forms: {
      one_time: 'One-time payment',
      installment: 'Payment in installments',
      limited_subscription: 'Limited subscription',
      subscription: 'Subscription',
    },
    /** An interval of one unit. */
    every: { d: 'every day', w: 'every week', m: 'every month', y: 'every year' },
    /** An interval of two or more units ({count}). */
    everyCount: {
      d: { one: 'every {count} day', other: 'every {count} days' },
      w: { one: 'every {count} week', other: 'every {count} weeks' },
      m: { one: 'every {count} month', other: 'every {count} months' },
      y: { one: 'every {count} year', other: 'every {count} years' },
    },
    /** An interval the platform does not know: {code} as the seller's data has it. */
    everyCode: 'every {code}',
    /** How a trial plan's later price reads for an interval of one unit. */
    per: { d: 'per day', w: 'per week', m: 'per month', y: 'per year' },
    /** When a custom-interval rate follows the one before it, one unit later. */
    later: { d: 'a day later', w: 'a week later', m: 'a month later', y: 'a year later' },
    /** The same, two or more units ({count}) later. */
    laterCount: {
      d: { one: '{count} day later', other: '{count} days later' },
      w: { one: '{count} week later', other: '{count} weeks later' },
      m: { one: '{count} month later', other: '{count} months later' },
      y: { one: '{count} year later', other: '{count} years later' },
    },
    /** An interval the platform does not know: {code} as the seller's data has it. */
    laterCode: '{code} later',
    /** A plan's free days (docs/decisions/0033-trial-periods.md). */
    trial: { one: '{count} day free', other: '{count} days free' },
    /** A one-time plan without a price. */
    free: 'Free',
    oneTime: 'One payment of {amount}',
    /** {rest}: the payments after the first ({count} − 1), {every}: the interval ("every month"). */
    installment: { one: '{count} payment: {first} now, then {rest} × {next} {every}', other: '{count} payments: {first} now, then {rest} × {next} {every}' },
    /** Installments at their own intervals: {rates} the later rates, each a `rate`, joined by `rateSeparator`. */
    installmentRates: { one: '{count} payment: {first} now, then {rates}', other: '{count} payments: {first} now, then {rates}' },
    /** One later rate: {amount} and {later} (when it follows the one before: "a month later"). */
    rate: '{amount} {later}',
    rateSeparator: ', ',
    /** {every}: the interval ("every month"). */
    limited: { one: '{first} {every}, {count} payment', other: '{first} {every}, {count} payments' },
    limitedFirst: { one: '{first} now, then {next} {every}, {count} payment in all', other: '{first} now, then {next} {every}, {count} payments in all' },
    /** {trial}: the free days ("14 days free"), {per}: the interval ("per month", "every 2 weeks"). */
    limitedTrial: { one: '{trial}, then {first} {per}, {count} payment', other: '{trial}, then {first} {per}, {count} payments' },
    limitedTrialFirst: { one: '{trial}, then {first}, then {next} {every}, {count} payment in all', other: '{trial}, then {first}, then {next} {every}, {count} payments in all' },
    subscription: '{first} {every} until cancelled',
    subscriptionFirst: '{first} now, then {next} {every} until cancelled',
    subscriptionTrial: '{trial}, then {first} {per} until cancelled',
    subscriptionTrialFirst: '{trial}, then {first}, then {next} {every} until cancelled',
    /** What the plan costs in all. */
    total: 'Total {amount}',
  },
  /**
   * The payer's currency (blocks/currency-choice.tsx, docs/decisions/0097-payer-currencies.md). {base}: the plans' currency,
   * {currency}: the payer's, {rate}: units of it per unit of {base}, {source}: one of `sources`, {date}: the rate's date.
   */
  currency: {
    label: 'Currency',
    converted: 'Converted from {base} at 1 {base} = {rate} {currency} ({source}, {date}). Your order keeps this rate, later payments included.',
    unavailable: 'Payment in {currency} is not available right now. Prices are shown in {base}.',
    sources: {
      ecb: 'European Central Bank reference rate',
      file: 'rate set by the platform',
    },
  },
  /** The live price (blocks/price-box.tsx). */
  priceBox: {
    heading: 'Price',
    discount: 'Discount',
    /** {code}: the coupon applied. */
    discountCoupon: 'Discount ({code})',
    /** {rate}: the VAT rate ("19 %"). Net prices: VAT comes on top. */
    vatNet: 'plus VAT {rate}',
    /** {rate}: the VAT rate ("19 %"). Gross prices: VAT is included. */
    vatGross: 'incl. VAT {rate}',
    total: 'Total',
    dueToday: 'Due today',
    free: 'Free',
    totalOverPlan: 'Total over the plan',
    vatLater: 'VAT is calculated for your country when you pay.',
  },
  /** The order bump (blocks/bump.tsx): {name} the offered product. */
  bump: {
    add: 'Yes, add {name}',
  },
  /** Payment methods and trust seals (blocks/methods.tsx); the methods' names are in common. */
  methods: {
    legend: 'Payment method',
    sslSecure: 'SSL secure checkout',
    provider: 'Payments processed by our payment provider',
  },
  /** The payer's details and the attendees (blocks/payer.tsx). */
  payer: {
    legend: 'Your details',
    /** The fields' labels; street_number is the house number next to the street. */
    labels: {
      email: 'Email address', first_name: 'First name', last_name: 'Last name', company: 'Company', vat_id: 'VAT ID',
      street: 'Street', street_number: 'No.', zip: 'Postcode', city: 'City', state: 'State / province', country_code: 'Country', phone: 'Phone',
    },
    business: 'Buying as a business? Add your company, VAT ID and invoice address',
    businessHint: 'With a VAT ID the invoice needs your address.',
    /** The attendees' fieldset: {count} tickets. */
    attendees: { one: 'Attendee', other: 'Attendees' },
    /** {number}: the ticket's place (1, 2, …). */
    ticket: 'Ticket {number}',
  },
  /** The seller's own checkout questions (blocks/questions.tsx). */
  questions: {
    legend: 'A few questions',
    /** The empty first choice of a drop-down. */
    choose: 'Please choose',
  },
  /** The consent at the buy button (blocks/terms-consent.tsx). */
  terms: {
    /** {terms} and {cancellation} are links with the texts below. */
    accept: 'I accept the {terms} and the {cancellation}.',
    termsLink: 'terms of sale',
    cancellationLink: 'cancellation terms',
    digitalContent: 'I agree that the supply of the digital content begins right away and know that I thereby lose my right of withdrawal.',
    /** {link}: a link with the text below. */
    privacy: 'How your details are used: {link}.',
    privacyLink: 'privacy policy',
  },
  /** The browser's own errors of a call to the shop API (lib/api.ts), on every page that makes one. */
  api: {
    offline: 'We could not reach the server. Check your connection and try again.',
    /** {status}: the HTTP status code. */
    failed: 'Something went wrong ({status}). Please try again.',
  },
} as const
