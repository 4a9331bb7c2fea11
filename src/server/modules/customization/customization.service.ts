import { featureFlags, sellerDisplayName } from '../../../shared/accounts'
import { mailFooterLines, mailFooterMaxLines, normalizeHex, normalizeMailFooter, readableOnWhite, textColorOn, type Branding } from '../../../shared/customization/branding'
import { AppError } from '../../../shared/errors'
import type { CustomizationInput, CustomizationOutput } from '../../../shared/schemas/customization'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { SellerBrandingPort } from '../../ports/seller-branding'
import * as media from '../media/media.service'
import * as repo from './customization.repository'

// The seller's own logo, colours and mail footer on every payer-facing page and mail
// (docs/decisions/0085-customization.md), behind the customization flag. The settings are stored as the seller
// saved them; whether they apply is decided when a page or mail is rendered (`brandingFor*`), from the flag in
// effect then, so switching the flag off shows the platform's look at once without touching the settings.

/** Where pages show a logo: the seller's upload, served by the storefront (src/server/plugins/storefront.ts). */
const logoPath = (username: string, key: string) => `/s/${encodeURIComponent(username)}/uploads/${encodeURIComponent(key)}`

function output(username: string, row: repo.CustomizationRow | undefined): CustomizationOutput {
  return {
    logo_key: row?.logoKey ?? null,
    logo_url: row?.logoKey ? logoPath(username, row.logoKey) : null,
    primary_color: row?.primaryColor ?? null,
    primary_text_color: row?.primaryColor ? textColorOn(row.primaryColor) : null,
    accent_color: row?.accentColor ?? null,
    mail_footer: row?.mailFooter ?? null,
    hide_branding: row?.hideBranding ?? false,
    updated_at: row?.updatedAt.toISOString() ?? null,
  }
}

async function usernameOf(db: Executor, sellerId: number): Promise<string> {
  const source = await repo.brandingSource(db, { id: sellerId })
  if (!source) throw new AppError('not_found', 'This seller does not exist')
  return source.username
}

export async function getCustomization(ctx: Ctx): Promise<CustomizationOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  return output(await usernameOf(ctx.db, sellerId), await repo.findSettings(ctx.db, sellerId))
}

/** Saves the fields given (null clears one). The logo must be the seller's own image upload. */
export async function saveCustomization(ctx: Ctx, input: CustomizationInput): Promise<CustomizationOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const issues: { path: string; message: string }[] = []
  if (input.accent_color && !readableOnWhite(input.accent_color)) issues.push({ path: 'accent_color', message: 'low_contrast' })
  if (input.mail_footer && mailFooterLines(input.mail_footer) > mailFooterMaxLines) issues.push({ path: 'mail_footer', message: 'too_many_lines' })
  if (issues.length > 0) throw new AppError('validation_failed', 'Please check the highlighted fields', issues)
  const row = await ctx.db.transaction(async (tx) => {
    if (input.logo_key) {
      const kinds = await media.uploadKinds(tx, sellerId, [input.logo_key])
      if (kinds.get(input.logo_key) !== 'image') throw new AppError('validation_failed', 'unknown_upload', [{ path: 'logo_key', message: 'unknown_upload' }])
    }
    const current = await repo.findSettings(tx, sellerId)
    const pick = <T>(given: T | undefined, stored: T) => (given === undefined ? stored : given)
    return repo.upsertSettings(tx, sellerId, {
      logoKey: pick(input.logo_key, current?.logoKey ?? null),
      primaryColor: pick(input.primary_color && normalizeHex(input.primary_color), current?.primaryColor ?? null),
      accentColor: pick(input.accent_color && normalizeHex(input.accent_color), current?.accentColor ?? null),
      mailFooter: input.mail_footer === undefined ? current?.mailFooter ?? null : input.mail_footer === null ? null : normalizeMailFooter(input.mail_footer),
      hideBranding: input.hide_branding ?? current?.hideBranding ?? false,
      updatedAt: ctx.now,
    })
  })
  return output(await usernameOf(ctx.db, sellerId), row)
}

// ---------------------------------------------------------------- applied at render time

type Source = NonNullable<Awaited<ReturnType<typeof repo.brandingSource>>>

/** The branding in effect: null while the flag is off or nothing is set (the platform's look). */
function brandingOf(source: Source | undefined, logoUrl: (username: string, key: string) => string): Branding | null {
  if (!source?.settings) return null
  if (!(source.features.customization ?? featureFlags.customization)) return null
  const s = source.settings
  if (!s.logoKey && !s.primaryColor && !s.accentColor && !s.mailFooter && !s.hideBranding) return null
  return {
    sellerName: sellerDisplayName(source),
    logoUrl: s.logoKey ? logoUrl(source.username, s.logoKey) : null,
    primaryColor: s.primaryColor,
    onPrimaryColor: s.primaryColor ? textColorOn(s.primaryColor) : null,
    accentColor: s.accentColor,
    mailFooter: s.mailFooter,
    hideBranding: s.hideBranding,
  }
}

/** A storefront page's branding, by the shop path's seller (username in any case, or id); logo as a path. */
export async function brandingForShop(ctx: Ctx, sellerPath: string): Promise<Branding | null> {
  const branding = brandingOf(await repo.brandingSource(ctx.db, { path: sellerPath }), logoPath)
  // the footer belongs to mails; pages (and their hydration data) do without it
  return branding && { ...branding, mailFooter: null }
}

/** The port the email module renders payer mails with (wired in src/server/bootstrap.ts); logo as an absolute URL. */
export function sellerBrandingPort(appUrl: string): SellerBrandingPort {
  return {
    async brandingOf(db, sellerId) {
      return brandingOf(await repo.brandingSource(db, { id: sellerId }), (username, key) => `${appUrl}${logoPath(username, key)}`)
    },
  }
}
