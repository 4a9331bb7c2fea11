// The storefront's English texts: pages (see ./index.ts).
export const pages = {
  /** The document's title and description (document.ts headFor). */
  head: {
    /** `{name}`: the seller's name. */
    shopTitle: '{name} · Shop',
    /** The shop's and a built page's description; `{name}`: the seller's name. */
    shopDescription: 'Products by {name}',
    /** A product page's description when the product has none of its own. */
    productDescription: '{product} by {seller}',
    protectedTitle: 'Protected product',
    /** The success page; `{product}`: the product's name. */
    orderTitle: 'Your order · {product}',
    sandboxTitle: 'TEST MODE · Sandbox payment',
    signInTitle: 'Sign in',
    /** A funnel page (an offer after the purchase) without an offer. */
    funnelTitle: 'Thank you',
  },
  /** The product cards of the shop, shared link, live event and embedded card. */
  products: {
    /** The price of a free product. */
    free: 'Free',
  },
  /** The seller's shop (pages/shop-page.tsx). */
  shop: {
    productCount: { one: '{count} product', other: '{count} products' },
    empty: 'No products yet.',
    /** The label of the page navigation, for screen readers. */
    paging: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
  },
  password: {
    heading: 'This product is protected',
    text: 'Enter the password the seller gave you.',
    password: 'Password',
    open: 'Open',
  },
  signIn: {
    heading: 'Sign in to access your purchase',
    sent: 'If an account exists for {email}, we have sent it a sign-in link. It is valid for 15 minutes.',
    /** Development only, without a mail server: a link to the stored mail, followed by previewNote. */
    previewLink: 'View the mail',
    previewNote: '(no mail server is set up; this link shows only in development)',
    intro: 'We will email you a link that signs you in. No password needed.',
    email: 'Email address',
    send: 'Send me a sign-in link',
  },
  /** Not found, unavailable or an error (the title and text come from the server). */
  message: {
    back: 'Back to the shop',
  },
  /** The built-in test payment provider's page (pages/sandbox-page.tsx). */
  sandbox: {
    badge: 'TEST MODE',
    heading: 'Sandbox payment',
    amount: 'Amount',
    product: 'Product',
    seller: 'Seller',
    method: 'Method',
    /** `{state}`: one of `states`, or the payment's state code. */
    done: 'This test payment is already {state}.',
    /** A finished payment's state by its code; a state without words shows its code. */
    states: { successful: 'successful', denied: 'denied', error: 'error', canceled: 'canceled', expired: 'expired' },
    back: 'Back to the shop',
    challengeHeading: '3-D Secure check',
    challengeText: 'Your bank asks you to confirm this payment. (Pretend: no code is needed in test mode.)',
    approve: 'Approve',
    decline: 'Decline',
    choose: 'Choose how this test payment ends. No real money moves.',
    success: 'Success',
    failure: 'Failure',
    pending: 'Pending',
    successThenDecline: 'Success, then decline later charges',
    challenge: '3-D Secure challenge',
  },
  /** A publisher's product card or buy button in another site's iframe (pages/embed-page.tsx). */
  embed: {
    notAvailable: 'This offer is not available at the moment.',
    /** The button when the publisher set no text of their own. */
    buy: 'Buy',
  },
  /** A seller's live shopping event (pages/live-page.tsx). */
  live: {
    states: {
      live: 'Live now',
      scheduled: 'Upcoming live event',
      ended: 'This live event has ended',
      cancelled: 'This live event was cancelled',
    },
    startsIn: 'Starts in',
    /** The countdown with days; `{count}`: the days, `{clock}`: the hours, minutes and seconds ("03:04:05"). */
    countdownDays: { one: '{count} d {clock}', other: '{count} d {clock}' },
    starting: 'The event starts any moment.',
    reload: 'Reload the page',
    watch: 'Watch the live stream',
    noStream: 'The stream starts in a moment.',
    /** The product's button before and after the event (while live: Buy now). */
    view: 'View',
  },
  /** A seller's shared link (pages/share-page.tsx). */
  share: {
    empty: 'These products are not on sale any more.',
  },
} as const
