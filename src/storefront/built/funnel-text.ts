import type { PageTexts } from '../i18n/texts-context'
import { money } from '../lib/plans'
import type { BuiltPageData, BuiltProduct } from './built-data'

// A funnel page's words from the order that led there and the offer (docs/decisions/0071-funnel-gaps.md): the
// funnel block's title and text may name {first_name}, {order} (what was bought), {order_amount}, {product}
// (the offer), {plan} and {price}; without a title the block thanks the payer and names the offer. The values
// are plain text rendered by React (escaped), never HTML.

export const funnelPlaceholders = ['first_name', 'order', 'order_amount', 'product', 'plan', 'price'] as const

function valuesOf(data: BuiltPageData, product: BuiltProduct | null): Record<(typeof funnelPlaceholders)[number], string> {
  const order = data.funnel?.order ?? null
  const offer = data.funnel?.offer ?? null
  const plan = offer && product && offer.product_id === product.id ? offer.plan : null
  const price = plan ? money(plan.amount, plan.currency) : product?.display_price != null && product.currency ? money(product.display_price, product.currency) : ''
  return {
    first_name: order?.first_name ?? '', order: order?.items.join(', ') ?? '', order_amount: order ? money(order.amount, order.currency) : '',
    product: product?.name ?? '', plan: plan?.name ?? '', price,
  }
}

/** The text with its placeholders filled in (an unknown one stays as written). */
export function fillFunnelText(text: string | null | undefined, data: BuiltPageData, product: BuiltProduct | null): string | null {
  if (!text) return null
  const values = valuesOf(data, product)
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as keyof typeof values] : whole))
}

/** The block's words without a title: "Thank you, Pat!" and "Add X for Y", from what the page knows. */
export function defaultFunnelTitle(data: BuiltPageData, product: BuiltProduct | null, { t, f }: PageTexts): { thanks: string | null; offer: string | null } {
  const v = valuesOf(data, product)
  const words = t.built.funnel
  return {
    thanks: data.funnel?.order ? (v.first_name ? f(words.thanksName, { name: v.first_name }) : words.thanks) : null,
    offer: product && data.funnel?.offer ? (v.price ? f(words.offerPrice, { product: v.product, price: v.price }) : f(words.offer, { product: v.product })) : null,
  }
}
