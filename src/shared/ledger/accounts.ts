// The ledger's accounts. A key is a plain string so it can be stored in one text column and grouped on:
// the platform's own accounts are fixed names, a seller's or publisher's balance carries its id after a
// colon (`seller_balance:42`, `publisher_balance:7`).

/** Accounts without an owner id, each with the party it belongs to. */
export const platformAccounts = {
  /** Money a payment provider has taken from a payer and not yet settled to us. */
  payer_clearing: 'provider',
  /** The provider's processing fees, netted out of what it settles. */
  provider_fees: 'provider',
  /** The platform's fee on each sale. */
  platform_revenue: 'platform',
  /** VAT collected and owed to the tax authority. */
  vat_payable: 'tax_authority',
  /** Money on its way from a balance to a seller's or publisher's bank account. */
  payout_clearing: 'platform',
  /** Money on its way back to a payer after a refund. */
  refunds_clearing: 'payer',
  /** Money (and fees) a provider pulled back after a dispute. */
  chargebacks: 'provider',
} as const

export type PlatformAccount = keyof typeof platformAccounts
export type PlatformOwner = (typeof platformAccounts)[PlatformAccount]

/** A seller's or publisher's id as the database has it (numbers today); keys carry it as text. */
export type OwnerId = string | number

/** The parties a balance belongs to (docs/decisions/0049-money-out.md): each has a `<kind>_balance:{id}` account. */
export const partyKinds = ['seller', 'publisher', 'team_member', 'reseller'] as const
export type PartyKind = (typeof partyKinds)[number]

export type AccountKey = PlatformAccount | `seller_balance:${string}` | `publisher_balance:${string}` | `team_member_balance:${string}` | `reseller_balance:${string}`

/** What a key names: the account and who it belongs to. */
export type AccountRef =
  | { kind: PlatformAccount; owner: PlatformOwner }
  | { kind: 'seller_balance'; owner: 'seller'; sellerId: string }
  | { kind: 'publisher_balance'; owner: 'publisher'; publisherId: string }
  | { kind: 'team_member_balance'; owner: 'team_member'; partyId: string }
  | { kind: 'reseller_balance'; owner: 'reseller'; partyId: string }

export class InvalidAccountKeyError extends Error {
  constructor(readonly key: string) {
    super(`not a ledger account: ${JSON.stringify(key)}`)
    this.name = 'InvalidAccountKeyError'
  }
}

const ownerIdPattern = /^[A-Za-z0-9_-]{1,64}$/

function ownerIdText(id: OwnerId, what: string): string {
  const text = typeof id === 'number' ? (Number.isSafeInteger(id) && id >= 0 ? String(id) : '') : id
  if (!ownerIdPattern.test(text)) throw new RangeError(`${what} must be a non-negative integer or [A-Za-z0-9_-]{1,64}, got ${String(id)}`)
  return text
}

export function isPlatformAccount(value: unknown): value is PlatformAccount {
  return typeof value === 'string' && Object.hasOwn(platformAccounts, value)
}

export function sellerBalance(sellerId: OwnerId): AccountKey {
  return `seller_balance:${ownerIdText(sellerId, 'sellerId')}`
}

export function publisherBalance(publisherId: OwnerId): AccountKey {
  return `publisher_balance:${ownerIdText(publisherId, 'publisherId')}`
}

/** The balance account of any party: `partyBalance('team_member', 3)` is `team_member_balance:3`. */
export function partyBalance(kind: PartyKind, id: OwnerId): AccountKey {
  return `${kind}_balance:${ownerIdText(id, `${kind} id`)}` as AccountKey
}

/** The party a balance account belongs to, or null for the platform's own accounts. */
export function partyOfAccount(key: string): { kind: PartyKind; id: string } | null {
  const ref = parseAccountKey(key)
  switch (ref.kind) {
    case 'seller_balance': return { kind: 'seller', id: ref.sellerId }
    case 'publisher_balance': return { kind: 'publisher', id: ref.publisherId }
    case 'team_member_balance': return { kind: 'team_member', id: ref.partyId }
    case 'reseller_balance': return { kind: 'reseller', id: ref.partyId }
    default: return null
  }
}

/** The key of an account: `accountKey({ kind: 'seller_balance', sellerId: 42 })` is `seller_balance:42`. */
export function accountKey(
  ref: { kind: PlatformAccount } | { kind: 'seller_balance'; sellerId: OwnerId } | { kind: 'publisher_balance'; publisherId: OwnerId },
): AccountKey {
  switch (ref.kind) {
    case 'seller_balance': return sellerBalance(ref.sellerId)
    case 'publisher_balance': return publisherBalance(ref.publisherId)
    default:
      if (!isPlatformAccount(ref.kind)) throw new InvalidAccountKeyError(String(ref.kind))
      return ref.kind
  }
}

/** Reads a key back; throws InvalidAccountKeyError for anything `accountKey` would not have built. */
export function parseAccountKey(key: string): AccountRef {
  if (isPlatformAccount(key)) return { kind: key, owner: platformAccounts[key] }
  const colon = key.indexOf(':')
  const kind = colon < 0 ? key : key.slice(0, colon)
  const id = colon < 0 ? '' : key.slice(colon + 1)
  if (!ownerIdPattern.test(id)) throw new InvalidAccountKeyError(key)
  if (kind === 'seller_balance') return { kind, owner: 'seller', sellerId: id }
  if (kind === 'publisher_balance') return { kind, owner: 'publisher', publisherId: id }
  if (kind === 'team_member_balance') return { kind, owner: 'team_member', partyId: id }
  if (kind === 'reseller_balance') return { kind, owner: 'reseller', partyId: id }
  throw new InvalidAccountKeyError(key)
}

export function isAccountKey(value: unknown): value is AccountKey {
  if (typeof value !== 'string') return false
  try {
    parseAccountKey(value)
    return true
  } catch {
    return false
  }
}
