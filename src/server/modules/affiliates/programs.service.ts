import { AppError } from '../../../shared/errors'
import { bpsToPercent, percentToBps } from '../../../shared/money'
import {
  createAffiliateProgramInput, type AffiliateProgramOutput, type CreateAffiliateProgramInput, type UpdateAffiliateProgramInput,
} from '../../../shared/schemas/affiliates'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as catalog from '../catalog/catalog.service'
import * as repo from './affiliates.repository'

// A seller's affiliate programs (docs/decisions/0048-affiliates.md): levels arrive as whole percents and are
// stored as basis points; a product is in at most one program, so naming a product of another program of the
// same seller moves it here. Deleting archives: an archived program attributes no new sale and is no longer
// listed, while its nodes and booked commissions stay.

const notFound = () => new AppError('not_found', 'This affiliate program does not exist')

export type LinkConfig = { deps: { config: { appUrl: string } } }

/** The program's public page for publishers, or its redirection URL when the seller turned the page off. */
export function landingUrl(ctx: LinkConfig, program: Pick<repo.ProgramRow, 'id' | 'disableLandingPage' | 'redirectionUrl'>, sellerUsername: string): string {
  if (program.disableLandingPage && program.redirectionUrl) return program.redirectionUrl
  return `${ctx.deps.config.appUrl}/s/${encodeURIComponent(sellerUsername)}/affiliate_programs/${program.id}`
}

export async function programOutputs(ctx: LinkConfig, db: Executor, rows: repo.ProgramRow[]): Promise<AffiliateProgramOutput[]> {
  const ids = rows.map((r) => r.id)
  const products = await repo.programProducts(db, ids)
  const counts = await repo.nodeCounts(db, ids)
  const usernames = new Map<number, string>()
  for (const sellerId of new Set(rows.map((r) => r.sellerId))) usernames.set(sellerId, (await repo.sellerFacts(db, sellerId))?.username ?? '')
  return rows.map((row) => {
    const levels = row.commissionBps.map(bpsToPercent)
    const own = products.get(row.id) ?? []
    return {
      id: row.id, name: row.name, description: row.description, created_at: row.createdAt.toISOString(),
      cookies_expire: row.cookiesExpire, lifetime: row.lifetime as AffiliateProgramOutput['lifetime'], lifetime_days: row.lifetimeDays,
      bonus: row.bonusAmount, bonus_currency: row.bonusCurrency, commission: levels[0] ?? 0, commissions: levels, type: levels.length,
      product_ids: own.map((p) => p.id), products: own.map((p) => ({ id: p.id, name: p.name })),
      auto_accept: row.autoAccept, provision_from_brutto: row.provisionFromBrutto, hold_days: row.holdDays,
      disable_landing_page: row.disableLandingPage, redirection_url: row.redirectionUrl,
      landing_body: row.landingBody.map((b) => ({ kind: String(b.kind), props: (b.props ?? {}) as Record<string, unknown> })),
      landing_theme: row.landingTheme, forward_url_params: row.forwardUrlParams, allow_embed_forms: row.allowEmbedForms,
      embed_forms_allowed: row.embedFormsAllowed, affiliate_redirections_allowed: row.affiliateRedirectionsAllowed,
      listed_in_marketplace: row.listedInMarketplace, landing_url: landingUrl(ctx, row, usernames.get(row.sellerId) ?? ''),
      nodes_count: counts.get(row.id)?.nodes ?? 0, requested_count: counts.get(row.id)?.requested ?? 0,
    }
  })
}

type Fields = Omit<ReturnType<typeof createAffiliateProgramInput.parse>, 'product_ids'>

function columns(input: Fields) {
  return {
    name: input.name, description: input.description ?? null, cookiesExpire: input.cookies_expire,
    commissionBps: input.commissions.map(percentToBps), lifetime: input.lifetime,
    lifetimeDays: input.lifetime === 'days' ? (input.lifetime_days ?? null) : null,
    bonusAmount: input.bonus || null, bonusCurrency: input.bonus ? (input.bonus_currency ?? null) : null,
    autoAccept: input.auto_accept, provisionFromBrutto: input.provision_from_brutto, holdDays: input.hold_days,
    disableLandingPage: input.disable_landing_page, redirectionUrl: input.redirection_url ?? null,
    landingBody: input.landing_body as Record<string, unknown>[], landingTheme: input.landing_theme, forwardUrlParams: input.forward_url_params,
    allowEmbedForms: input.allow_embed_forms, embedFormsAllowed: input.embed_forms_allowed,
    affiliateRedirectionsAllowed: input.affiliate_redirections_allowed, listedInMarketplace: input.listed_in_marketplace,
  }
}

/** Every id must be the seller's product: another seller's (or a missing) product is a bad request here. */
async function assertOwnProducts(db: Executor, sellerId: number, ids: readonly number[]) {
  try {
    await catalog.assertProductsOwned(db, sellerId, ids)
  } catch (error) {
    if (error instanceof AppError && error.type === 'not_found') {
      throw new AppError('foreign_product', 'Only your own products can be in your affiliate program', [{ path: 'product_ids', message: 'not_found' }])
    }
    throw error
  }
}

export async function createProgram(ctx: Ctx, input: CreateAffiliateProgramInput): Promise<{ affiliate_program: AffiliateProgramOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.write')
  const parsed = createAffiliateProgramInput.parse(input)
  if (parsed.listed_in_marketplace) assertFeature(ctx, 'affiliate_marketplace')
  return ctx.db.transaction(async (tx) => {
    await assertOwnProducts(tx, sellerId, parsed.product_ids)
    const row = await repo.insertProgram(tx, { sellerId, ...columns(parsed), createdAt: ctx.now, updatedAt: ctx.now })
    await repo.replaceProgramProducts(tx, row.id, parsed.product_ids)
    return { affiliate_program: (await programOutputs(ctx, tx, [row]))[0]! }
  })
}

export async function listPrograms(ctx: Ctx, query: ListQuery & { archived?: 'true' | 'false' }): Promise<ListAnswer<AffiliateProgramOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.read')
  const { rows, total, totalMax } = await repo.listPrograms(ctx.db, sellerId, {
    archived: query.archived === 'true', query: query.query, sortKey: query.sort_key, sortDir: query.sort_dir,
    offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: await programOutputs(ctx, ctx.db, rows), total_count: total, total_count_max: totalMax }
}

export async function getProgram(ctx: Ctx, id: number): Promise<{ affiliate_program: AffiliateProgramOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.read')
  const row = await repo.findProgram(ctx.db, id, { sellerId })
  if (!row) throw notFound()
  return { affiliate_program: (await programOutputs(ctx, ctx.db, [row]))[0]! }
}

/** Merges the change into the program and checks the merged program with the create rules. */
export async function updateProgram(ctx: Ctx, id: number, input: UpdateAffiliateProgramInput): Promise<{ affiliate_program: AffiliateProgramOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.write')
  if (input.listed_in_marketplace === true) assertFeature(ctx, 'affiliate_marketplace')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findProgram(tx, id, { sellerId, lock: true })
    if (!row) throw notFound()
    const current = (await programOutputs(ctx, tx, [row]))[0]!
    const merged = { ...pickInput(current), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) }
    const checked = createAffiliateProgramInput.safeParse(merged)
    if (!checked.success) {
      const issues = checked.error.issues
      throw new AppError('validation_failed', issues[0]!.message, issues.map((i) => ({ path: i.path.join('.'), message: i.message })))
    }
    if (input.product_ids !== undefined) {
      await assertOwnProducts(tx, sellerId, checked.data.product_ids)
      await repo.replaceProgramProducts(tx, id, checked.data.product_ids)
    }
    const updated = await repo.updateProgram(tx, id, { ...columns(checked.data), updatedAt: ctx.now })
    return { affiliate_program: (await programOutputs(ctx, tx, [updated]))[0]! }
  })
}

function pickInput(o: AffiliateProgramOutput): CreateAffiliateProgramInput {
  return {
    name: o.name, description: o.description, product_ids: o.product_ids, commissions: o.commissions, cookies_expire: o.cookies_expire,
    lifetime: o.lifetime, lifetime_days: o.lifetime_days, bonus: o.bonus, bonus_currency: o.bonus_currency as CreateAffiliateProgramInput['bonus_currency'],
    auto_accept: o.auto_accept, provision_from_brutto: o.provision_from_brutto, hold_days: o.hold_days,
    disable_landing_page: o.disable_landing_page, redirection_url: o.redirection_url,
    landing_body: o.landing_body as CreateAffiliateProgramInput['landing_body'], landing_theme: o.landing_theme as CreateAffiliateProgramInput['landing_theme'],
    forward_url_params: o.forward_url_params, allow_embed_forms: o.allow_embed_forms, embed_forms_allowed: o.embed_forms_allowed,
    affiliate_redirections_allowed: o.affiliate_redirections_allowed, listed_in_marketplace: o.listed_in_marketplace,
  }
}

/** Archives the program: no new sale is attributed to it and it leaves the marketplace; its nodes stay. */
export async function archiveProgram(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.write')
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findProgram(tx, id, { sellerId, lock: true })
    if (!row) throw notFound()
    if (!row.archivedAt) await repo.updateProgram(tx, id, { archivedAt: ctx.now, listedInMarketplace: false, updatedAt: ctx.now })
  })
}

/** The product wizard's market upsell step: the product joins a program of the seller, or leaves any. */
export async function setProductProgram(ctx: Ctx, productId: number, programId: number | null): Promise<{ affiliate_program_id: number | null }> {
  const sellerId = actingSellerId(ctx.actor, 'affiliates.write')
  return ctx.db.transaction(async (tx) => {
    await catalog.assertProductsOwned(tx, sellerId, [productId])
    if (programId !== null) {
      const program = await repo.findProgram(tx, programId, { sellerId, lock: true })
      if (!program || program.archivedAt) throw notFound()
    }
    await repo.setProductProgram(tx, productId, programId)
    return { affiliate_program_id: programId }
  })
}
