import { affiliateLimits, type commissionDurations } from '../../../../shared/affiliates/commissions'
import { formatAmount, isCurrencyId, parseMoneyInput } from '../../../../shared/money'
import { landingThemes, type CreateAffiliateProgramInput } from '../../../../shared/schemas/affiliates'
import type { AffiliateProgram } from '../api/affiliates'
import { defaultLevels, levelsInput } from './commission-levels'
import { landingBlockKinds, type LandingBlock } from './landing-blocks'

// The program form's values (texts as typed, the bonus in major units) and their API input: minor units,
// numbers, null for what is left empty (docs/decisions/0048-affiliates.md).

export type ProgramValues = {
  name: string
  description: string
  product_ids: string[]
  commissions: string[]
  cookies_expire: string
  lifetime: (typeof commissionDurations)[number]
  lifetime_days: string
  bonus: string
  bonus_currency: string | null
  auto_accept: boolean
  provision_from_brutto: boolean
  hold_days: string
  disable_landing_page: boolean
  redirection_url: string
  landing_body: LandingBlock[]
  landing_theme: (typeof landingThemes)[number]
  forward_url_params: boolean
  allow_embed_forms: boolean
  embed_forms_allowed: string[]
  affiliate_redirections_allowed: boolean
  listed_in_marketplace: boolean
}

const int = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)
const kindOf = (kind: string): LandingBlock['kind'] => (landingBlockKinds as readonly string[]).includes(kind) ? kind as LandingBlock['kind'] : 'text'

export function initialValues(program?: AffiliateProgram): ProgramValues {
  const currency = program?.bonusCurrency && isCurrencyId(program.bonusCurrency) ? program.bonusCurrency : 'eur'
  return {
    name: program?.name ?? '',
    description: program?.description ?? '',
    product_ids: (program?.productIds ?? []).map(String),
    commissions: program ? program.commissions.map(String) : defaultLevels(),
    cookies_expire: String(program?.cookiesExpire ?? affiliateLimits.defaultCookieDays),
    lifetime: program?.lifetime ?? 'none',
    lifetime_days: program?.lifetimeDays ? String(program.lifetimeDays) : '',
    bonus: program?.bonus ? formatAmount(program.bonus, currency) : '',
    bonus_currency: currency,
    auto_accept: program?.autoAccept ?? false,
    provision_from_brutto: program?.provisionFromBrutto ?? false,
    hold_days: String(program?.holdDays ?? affiliateLimits.defaultHoldDays),
    disable_landing_page: program?.disableLandingPage ?? false,
    redirection_url: program?.redirectionUrl ?? '',
    landing_body: (program?.landingBody ?? []).map((b) => ({ kind: kindOf(b.kind), props: b.props })),
    landing_theme: (landingThemes as readonly string[]).includes(program?.landingTheme ?? '') ? program!.landingTheme as ProgramValues['landing_theme'] : 'classic',
    forward_url_params: program?.forwardUrlParams ?? false,
    allow_embed_forms: program?.allowEmbedForms ?? false,
    embed_forms_allowed: program?.embedFormsAllowed ?? [],
    affiliate_redirections_allowed: program?.affiliateRedirectionsAllowed ?? false,
    listed_in_marketplace: program?.listedInMarketplace ?? false,
  }
}

/** The form's values as the API's input (minor units, numbers, null for what is left empty). */
export function programInput(v: ProgramValues): CreateAffiliateProgramInput {
  const currency = v.bonus_currency && isCurrencyId(v.bonus_currency) ? v.bonus_currency : 'eur'
  const bonus = v.bonus.trim() === '' ? null : (parseMoneyInput(v.bonus, currency) ?? Number.NaN)
  return {
    name: v.name,
    description: v.description.trim() || null,
    product_ids: v.product_ids.map(Number),
    commissions: levelsInput(v.commissions),
    cookies_expire: int(v.cookies_expire) as number,
    lifetime: v.lifetime,
    lifetime_days: v.lifetime === 'days' ? int(v.lifetime_days) : null,
    bonus,
    bonus_currency: bonus ? (v.bonus_currency as CreateAffiliateProgramInput['bonus_currency']) : null,
    auto_accept: v.auto_accept,
    provision_from_brutto: v.provision_from_brutto,
    hold_days: int(v.hold_days) as number,
    disable_landing_page: v.disable_landing_page,
    redirection_url: v.redirection_url.trim() || null,
    landing_body: v.landing_body,
    landing_theme: v.landing_theme,
    forward_url_params: v.forward_url_params,
    allow_embed_forms: v.allow_embed_forms,
    embed_forms_allowed: v.allow_embed_forms ? v.embed_forms_allowed : [],
    affiliate_redirections_allowed: v.affiliate_redirections_allowed,
    listed_in_marketplace: v.listed_in_marketplace,
  }
}
