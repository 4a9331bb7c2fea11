import { parse } from 'csv-parse/sync'
import { randomInt } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { AddLicenseKeysInput, licenseKeyListQuery } from '../../../shared/schemas/catalog'
import { licenseKeysMaxPerRequest } from '../../../shared/schemas/catalog'
import { generateLicenseKey, licenseKeyFormatCapacity, licenseKeyMaxLength } from '../../../shared/validation/license-key-format'
import type { z } from 'zod'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './catalog.repository'
import * as activation from './license-activation.repository'

// License keys of a licenseKey product (docs/reference/catalogue-and-selling.md §3 and §5): added by hand, by CSV upload or
// generated from a format. A key is stored once per product: duplicates, within a batch or against
// stored keys, are refused and counted (the unique index decides, so concurrent uploads agree).

async function licenseProduct(tx: Executor, sellerId: number, id: number, lock: boolean) {
  const product = await repo.findProduct(tx, sellerId, id, { lock })
  if (!product) throw new AppError('not_found', 'This product does not exist')
  if (product.form !== 'licenseKey') throw new AppError('validation_failed', 'invalid_value', [{ path: 'form', message: 'invalid_value' }])
  return product
}

async function store(ctx: Ctx, id: number, keys: readonly string[]) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    await licenseProduct(tx, sellerId, id, true)
    const unique = [...new Set(keys)]
    const added = await repo.insertLicenseKeys(tx, id, unique)
    return { added, duplicates: keys.length - added }
  })
}

/** Random numbers for generation from the operating system's cryptographic source. */
const secureRandom = (n: number) => randomInt(n)

export async function addLicenseKeys(ctx: Ctx, id: number, input: AddLicenseKeysInput) {
  if ('keys' in input) return store(ctx, id, input.keys)
  // A format that cannot make `count` distinct keys would only produce duplicates.
  if (licenseKeyFormatCapacity(input.format) < input.count) {
    throw new AppError('validation_failed', 'out_of_range', [{ path: 'count', message: 'out_of_range' }])
  }
  return store(ctx, id, Array.from({ length: input.count }, () => generateLicenseKey(input.format, secureRandom)))
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The file is UTF-8 text PostgreSQL can store: no U+0000 and no byte sequence that is not UTF-8 (a key
 * with either would be refused by the database). The first offending line is named.
 */
function assertStorableText(file: Buffer): void {
  if (file.length >= 2 && ((file[0] === 0xff && file[1] === 0xfe) || (file[0] === 0xfe && file[1] === 0xff))) {
    throw new AppError('invalid_upload', 'The file is UTF-16 text: save it as UTF-8 and upload it again', [{ path: 'file', message: 'invalid_value' }])
  }
  let start = 0
  for (let line = 1; start <= file.length; line++) {
    const end = file.indexOf(0x0a, start)
    const bytes = file.subarray(start, end === -1 ? file.length : end)
    if (bytes.includes(0)) throw new AppError('invalid_upload', `Line ${line} of the file holds the character U+0000, which cannot be stored`, [{ path: 'file', message: 'invalid_value' }])
    try {
      utf8.decode(bytes)
    } catch {
      throw new AppError('invalid_upload', `Line ${line} of the file is not UTF-8 text: save the file as UTF-8 and upload it again`, [{ path: 'file', message: 'invalid_value' }])
    }
    if (end === -1) break
    start = end + 1
  }
}

/** A CSV file: the first column of each row is a key; an optional header row "key" or "license_key" is skipped. */
export async function uploadLicenseKeys(ctx: Ctx, id: number, file: Buffer) {
  assertStorableText(file)
  let rows: string[][]
  try {
    rows = parse(file, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true })
  } catch (error) {
    // A file that is not CSV (an unclosed quote) is a parse error of the upload, named by its line.
    const line = (error as { lines?: unknown }).lines
    const where = typeof line === 'number' ? ` (line ${line})` : ''
    throw new AppError('invalid_upload', `The file is not valid CSV${where}`, [{ path: 'file', message: 'invalid_value' }])
  }
  const keys = rows.map((row) => row[0] ?? '').filter((key) => key.length > 0)
  if (keys.length > 0 && /^(license_)?keys?$/i.test(keys[0]!)) keys.shift()
  if (keys.length === 0) throw new AppError('validation_failed', 'required', [{ path: 'file', message: 'required' }])
  if (keys.length > licenseKeysMaxPerRequest) throw new AppError('validation_failed', 'out_of_range', [{ path: 'file', message: 'out_of_range' }])
  if (keys.some((key) => key.length > licenseKeyMaxLength)) throw new AppError('validation_failed', 'too_long', [{ path: 'file', message: 'too_long' }])
  return store(ctx, id, keys)
}

export async function listLicenseKeys(ctx: Ctx, id: number, query: z.infer<typeof licenseKeyListQuery>) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  await licenseProduct(ctx.db, sellerId, id, false)
  const result = await repo.listLicenseKeys(ctx.db, id, {
    state: query.state, query: query.query, offset: (query.page - 1) * query.per, limit: query.per, sortDir: query.sort_dir ?? 'asc',
  })
  const uses = await activation.usesOfKeys(ctx.db, result.rows.map((r) => r.id))
  return {
    list: result.rows.map((r) => ({
      id: r.id, key: r.key, state: r.state as 'available' | 'used', used_at: r.usedAt?.toISOString() ?? null, order_id: r.orderId,
      created_at: r.createdAt.toISOString(), uses: uses.get(r.id)?.uses ?? 0, revoked: uses.get(r.id)?.revoked ?? false,
    })),
    total_count: result.total,
    total_count_max: result.available + result.used,
    available_count: result.available,
    used_count: result.used,
  }
}

/** Only an available key can be removed; a used one was delivered to a payer. */
export async function deleteLicenseKey(ctx: Ctx, id: number, keyId: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    await licenseProduct(tx, sellerId, id, true)
    const key = await repo.findLicenseKey(tx, id, keyId)
    if (!key) throw new AppError('not_found', 'This license key does not exist')
    if (key.state !== 'available') throw new AppError('conflict', 'This key was delivered and cannot be removed')
    await repo.deleteLicenseKey(tx, keyId)
  })
}

// ------------------------------------------------------------------ delivered keys (docs/decisions/0020-issued-certificates-licenses-downloads.md)

/** The keys an order delivered (not revoked), for its deliverables and mail. */
export async function licenseKeysOfOrder(db: Executor, orderId: number): Promise<{ key: string; product_id: number }[]> {
  return activation.keysOfOrder(db, orderId)
}

/** Every key a payer holds (not revoked), with the product, its seller and the key's uses. */
export async function licenseKeysOfPayer(db: Executor, payerUserId: number): Promise<{ key: string; product_id: number; product_name: string; seller_id: number; uses: number }[]> {
  return activation.keysOfPayer(db, payerUserId)
}

/**
 * Revokes the order's keys for its refund or chargeback, keeping why: they then verify as `valid: false`
 * and stay out of the pool (state used, still the order's), so no other payer is ever handed them.
 */
export async function revokeLicenseKeysOfOrder(tx: Executor, orderId: number, reason: 'refund' | 'chargeback', now: Date = new Date()): Promise<void> {
  await activation.revokeOfOrder(tx, orderId, reason, now)
}

/**
 * The seller won the dispute: the keys the order's chargeback revoked verify again, the same keys with the
 * uses they had. A revoked key never goes back to the pool, so it cannot have been handed to another payer
 * meanwhile and no key is taken from the pool in its place (no pool row is counted or locked). Keys revoked
 * for a refund stay revoked. The caller's transaction, the order row locked; a rerun finds nothing.
 * Answers the keys given back.
 */
export async function restoreLicenseKeysOfOrder(tx: Executor, orderId: number, now: Date): Promise<string[]> {
  return activation.unrevokeOfOrder(tx, orderId, 'chargeback', now)
}
