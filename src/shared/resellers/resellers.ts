// Resellers (docs/decisions/0051-resellers.md): a company that sells a seller's products in its own name
// (merchant of record) and keeps a fee of the net; the seller gets the rest.

/** How a seller sells: by itself (the default), through an approved reseller, or not at all (paused). */
export const sellingModes = ['selling_none', 'selling_by_ownself', 'selling_via_reseller'] as const
export type SellingMode = (typeof sellingModes)[number]

/** Who a reseller sale's money goes to: the seller's share, the reseller's fee, refunds back to the payer. */
export const resellerPayoutParticipants = ['seller', 'reseller', 'payer'] as const
export type ResellerPayoutParticipant = (typeof resellerPayoutParticipants)[number]

/** The highest fee a reseller may take, in basis points of the net (50 %). */
export const maxResellerFeeBps = 5_000
