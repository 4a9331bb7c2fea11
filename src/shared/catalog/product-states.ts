// The value sets of a product's states (docs/reference/catalogue-and-selling.md §4). Their transitions are in
// src/shared/states/product-publish.ts.

export const publishStates = ['published', 'publish_pending', 'in_review', 'rejected', 'revoked', 'unpublished', 'admin_unpublished'] as const
export type PublishState = (typeof publishStates)[number]

/** Review only matters to power sellers (docs/reference/catalogue-and-selling.md §4, docs/reference/readings.md 23). */
export const reviewStates = ['reviewed', 'in_review', 'rejected', 'not_for_review', 'free_without_fee'] as const
export type ReviewState = (typeof reviewStates)[number]

/** The statuses shown to sellers in the product list, in the spec's order (docs/reference/catalogue-and-selling.md §4 and §8). */
export const productStatusKeys = [
  'not_valid', 'no_active_pay_method', 'no_pricing_plans', 'limit_reached', 'on_review', 'rejected', 'not_reviewed', 'not_active',
  'no_active_events', 'no_digitals', 'finish_registration', 'no_products', 'is_archived', 'has_access_password',
] as const
export type ProductStatus = (typeof productStatusKeys)[number]
