import { AppError } from '../../../shared/errors'
import type { LicenseSettingsInput, LicenseVerifyInput, LicenseVerifyOutput } from '../../../shared/schemas/licenses'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './catalog.repository'
import * as activation from './license-activation.repository'

// The license key activation API (docs/decisions/0020-issued-certificates-licenses-downloads.md, beyond the spec): a seller's software asks whether a key is
// valid and counts its installations. Unknown, undelivered (still in the pool) and revoked keys all answer
// `{ valid: false }` with 200, so neither status nor timing of a refusal tells them apart.

const invalid: LicenseVerifyOutput = { valid: false }

/** The delivered, not revoked key with this text; several products may hold the same text: the first. */
async function validKey(db: Executor, input: LicenseVerifyInput) {
  const keys = await activation.findDelivered(db, input.license_key, input.product_id)
  return keys.find((k) => !k.revoked) ?? null
}

const answer = (key: activation.DeliveredKey, uses: number): LicenseVerifyOutput =>
  ({ valid: true, product_id: key.product_id, uses, activation_limit: key.activation_limit })

export async function verifyLicense(ctx: Ctx, input: LicenseVerifyInput): Promise<LicenseVerifyOutput> {
  const key = await validKey(ctx.db, input)
  return key ? answer(key, key.uses) : invalid
}

/** One more installation; refused with 409 activation_limit_reached at the product's limit. */
export async function activateLicense(ctx: Ctx, input: LicenseVerifyInput): Promise<LicenseVerifyOutput> {
  return ctx.db.transaction(async (tx) => {
    const key = await validKey(tx, input)
    if (!key) return invalid
    const uses = await activation.addUse(tx, key.id, key.activation_limit, ctx.now)
    if (uses === null) {
      const error = new AppError('activation_limit_reached', 'This license key is activated as often as it may be')
      error.details = { uses: key.uses, activation_limit: key.activation_limit }
      throw error
    }
    return answer(key, uses)
  })
}

/** One installation fewer (a use count never goes below 0). */
export async function deactivateLicense(ctx: Ctx, input: LicenseVerifyInput): Promise<LicenseVerifyOutput> {
  return ctx.db.transaction(async (tx) => {
    const key = await validKey(tx, input)
    if (!key) return invalid
    return answer(key, await activation.removeUse(tx, key.id, ctx.now))
  })
}

async function licenseProduct(ctx: Ctx, db: Executor, id: number, action: 'products.read' | 'products.write') {
  const product = await repo.findProduct(db, actingSellerId(ctx.actor, action), id, { lock: action === 'products.write' })
  if (!product) throw new AppError('not_found', 'This product does not exist')
  if (product.form !== 'licenseKey') throw new AppError('wrong_product_form', 'Only license key products have license settings', [{ path: 'form', message: 'invalid_value' }])
  return product
}

export async function getLicenseSettings(ctx: Ctx, productId: number) {
  const product = await licenseProduct(ctx, ctx.db, productId, 'products.read')
  return { product_id: product.id, activation_limit: await activation.findSettings(ctx.db, product.id) }
}

export async function saveLicenseSettings(ctx: Ctx, productId: number, input: LicenseSettingsInput) {
  return ctx.db.transaction(async (tx) => {
    const product = await licenseProduct(ctx, tx, productId, 'products.write')
    await activation.saveSettings(tx, product.id, input.activation_limit, ctx.now)
    return { product_id: product.id, activation_limit: input.activation_limit }
  })
}
