import { inArray, sql } from 'drizzle-orm'
import { executeRows, type Executor } from '../../db/client'
import { licenseKeys, licenseKeyUses, licenseSettings, orders, products } from '../../db/schema'
import { nameInLocale } from '../../db/translated-name'

// The SQL of delivered license keys: which order and payer hold them, their use counter and revocation.
// A key counts as delivered once its order's payment made it `used` (stock.service.ts commitLicenseKeys).

export type DeliveredKey = { id: number; key: string; product_id: number; uses: number; revoked: boolean; activation_limit: number | null }

const num = (v: unknown) => Number(v)

/** The delivered keys with this text (of one product when given), lowest id first. */
export async function findDelivered(db: Executor, key: string, productId: number | undefined): Promise<DeliveredKey[]> {
  const rows = await executeRows<Record<string, unknown>>(db, sql`
    select k.id, k.key, k.product_id, coalesce(u.uses, 0) as uses, (u.revoked_at is not null) as revoked, s.activation_limit
    from ${licenseKeys} k
    left join ${licenseKeyUses} u on u.license_key_id = k.id
    left join ${licenseSettings} s on s.product_id = k.product_id
    where k.key = ${key} and k.state = 'used' ${productId === undefined ? sql`` : sql`and k.product_id = ${productId}`}
    order by k.id limit 20`)
  return rows.map((r) => ({
    id: num(r.id), key: String(r.key), product_id: num(r.product_id), uses: num(r.uses), revoked: r.revoked === true,
    activation_limit: r.activation_limit === null || r.activation_limit === undefined ? null : num(r.activation_limit),
  }))
}

/**
 * One more use, only while the key is not revoked and below the limit: one statement, so concurrent
 * activations queue on the row and each re-checks the count. Answers the new count, or null when refused.
 */
export async function addUse(db: Executor, licenseKeyId: number, limit: number | null, now: Date): Promise<number | null> {
  const rows = await executeRows<{ uses: number }>(db, sql`
    insert into ${licenseKeyUses} (license_key_id, uses, updated_at) values (${licenseKeyId}, 1, ${now})
    on conflict (license_key_id) do update set uses = ${licenseKeyUses.uses} + 1, updated_at = ${now}
    where ${licenseKeyUses.revokedAt} is null ${limit === null ? sql`` : sql`and ${licenseKeyUses.uses} < ${limit}`}
    returning uses`)
  return rows[0] ? num(rows[0].uses) : null
}

/** One use fewer (never below 0); answers the count after. */
export async function removeUse(db: Executor, licenseKeyId: number, now: Date): Promise<number> {
  const rows = await executeRows<{ uses: number }>(db, sql`
    update ${licenseKeyUses} set uses = greatest(uses - 1, 0), updated_at = ${now}
    where license_key_id = ${licenseKeyId} and revoked_at is null returning uses`)
  return rows[0] ? num(rows[0].uses) : 0
}

/** The uses and revocation of each of these keys (keys never activated have no row: 0 uses). */
export async function usesOfKeys(db: Executor, licenseKeyIds: readonly number[]): Promise<Map<number, { uses: number; revoked: boolean }>> {
  if (licenseKeyIds.length === 0) return new Map()
  const rows = await db.select({ id: licenseKeyUses.licenseKeyId, uses: licenseKeyUses.uses, revokedAt: licenseKeyUses.revokedAt })
    .from(licenseKeyUses).where(inArray(licenseKeyUses.licenseKeyId, [...licenseKeyIds]))
  return new Map(rows.map((r) => [r.id, { uses: r.uses, revoked: r.revokedAt !== null }]))
}

export async function keysOfOrder(db: Executor, orderId: number): Promise<{ key: string; product_id: number }[]> {
  const rows = await executeRows<Record<string, unknown>>(db, sql`
    select k.key, k.product_id from ${licenseKeys} k left join ${licenseKeyUses} u on u.license_key_id = k.id
    where k.order_id = ${orderId} and k.state = 'used' and u.revoked_at is null order by k.id`)
  return rows.map((r) => ({ key: String(r.key), product_id: num(r.product_id) }))
}

/** A payer's keys, each product named in its order's language (docs/decisions/0095-product-translations.md), else the base name. */
export async function keysOfPayer(db: Executor, payerUserId: number) {
  const rows = await executeRows<Record<string, unknown>>(db, sql`
    select k.key, k.product_id, ${nameInLocale(sql`p.translations`, sql`p.name`, sql`o.locale`)} as product_name, p.seller_id, coalesce(u.uses, 0) as uses
    from ${licenseKeys} k
    join ${orders} o on o.id = k.order_id
    join ${products} p on p.id = k.product_id
    left join ${licenseKeyUses} u on u.license_key_id = k.id
    where o.payer_user_id = ${payerUserId} and k.state = 'used' and u.revoked_at is null
    order by k.id`)
  return rows.map((r) => ({ key: String(r.key), product_id: num(r.product_id), product_name: String(r.product_name), seller_id: num(r.seller_id), uses: num(r.uses) }))
}

/**
 * Marks the order's delivered keys revoked, with why (kept out of the pool: they were given to a payer). A
 * key already revoked keeps its first revocation and reason.
 */
export async function revokeOfOrder(db: Executor, orderId: number, reason: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${licenseKeyUses} (license_key_id, uses, revoked_at, revoked_reason, updated_at)
    select id, 0, ${now}, ${reason}, ${now} from ${licenseKeys} where order_id = ${orderId} and state = 'used'
    on conflict (license_key_id) do update set revoked_at = coalesce(${licenseKeyUses.revokedAt}, excluded.revoked_at),
      revoked_reason = case when ${licenseKeyUses.revokedAt} is null then excluded.revoked_reason else ${licenseKeyUses.revokedReason} end,
      updated_at = excluded.updated_at`)
}

/**
 * Clears the revocation of the order's keys revoked for `reason` that the order still holds (state used,
 * its order_id): their use count is as it was. Answers the keys given back.
 */
export async function unrevokeOfOrder(db: Executor, orderId: number, reason: string, now: Date): Promise<string[]> {
  const rows = await executeRows<{ key: string }>(db, sql`
    update ${licenseKeyUses} u set revoked_at = null, revoked_reason = null, updated_at = ${now}
    from ${licenseKeys} k
    where k.id = u.license_key_id and k.order_id = ${orderId} and k.state = 'used' and u.revoked_at is not null and u.revoked_reason = ${reason}
    returning k.key`)
  return rows.map((r) => String(r.key))
}

export async function findSettings(db: Executor, productId: number): Promise<number | null> {
  const rows = await db.select({ limit: licenseSettings.activationLimit }).from(licenseSettings).where(sql`${licenseSettings.productId} = ${productId}`).limit(1)
  return rows[0]?.limit ?? null
}

export async function saveSettings(db: Executor, productId: number, activationLimit: number | null, now: Date): Promise<void> {
  await db.insert(licenseSettings).values({ productId, activationLimit, updatedAt: now })
    .onConflictDoUpdate({ target: licenseSettings.productId, set: { activationLimit, updatedAt: now } })
}
