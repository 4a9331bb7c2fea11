import type { VatIdVerification } from '../../shared/tax'
import { countryOfVatIdPrefix, isEuMemberState } from '../../shared/tax'
import { normalizeVatId, vatIdIssue } from '../../shared/validation/vat'
import type { Config } from '../config'
import type { Logger } from '../logger'

// The online check of an EU VAT id in VIES, the European Commission's register (docs/decisions/0088-vies-check.md).
// The checkout asks it before pricing a reverse charge: `vies_valid` confirms the id, `vies_invalid` refuses
// the reverse charge (VAT is charged), and anything else (check switched off, the service or a member
// state's register down, a timeout, an answer we cannot read) leaves the format check standing, which the
// order's VAT note and the invoice then name. Answers are kept for a day per id, so quotes and the order
// that follows ask once.

type ViesDeps = { config: Pick<Config, 'viesUrl' | 'VIES_TIMEOUT_MS'>; logger: Pick<Logger, 'warn'>; now: () => Date }

const dayMs = 24 * 60 * 60 * 1000
const cacheLimit = 5_000
const answers = new Map<string, { verification: VatIdVerification; at: number }>()

/** The VIES REST request's body: the member state's code as VIES spells it (EL for Greece) and the rest of the id. */
export function viesRequestOf(vatId: string): { countryCode: string; vatNumber: string } | null {
  if (vatIdIssue(vatId) !== undefined) return null
  const id = normalizeVatId(vatId)
  const country = countryOfVatIdPrefix(id.slice(0, 2))
  if (country === undefined || !isEuMemberState(country)) return null
  return { countryCode: id.slice(0, 2), vatNumber: id.slice(2) }
}

/** How VIES's answer reads: valid or not registered; null when it answered with an error (a register down, too many requests). */
export function verificationOfAnswer(answer: unknown): VatIdVerification | null {
  if (typeof answer !== 'object' || answer === null) return null
  const a = answer as { valid?: unknown; actionSucceed?: unknown }
  if (a.actionSucceed === false) return null
  if (a.valid === true) return 'vies_valid'
  if (a.valid === false) return 'vies_invalid'
  return null
}

/**
 * How far a payer's VAT id is checked: VIES's answer, or `format_only` when the check is off, the id is not an
 * EU one of valid format (the place-of-supply rules decide on those without VIES), or VIES gave no answer.
 */
export async function verifyVatId(deps: ViesDeps, vatId: string | undefined | null): Promise<VatIdVerification> {
  const url = deps.config.viesUrl
  const request = vatId ? viesRequestOf(vatId) : null
  if (!url || !request) return 'format_only'
  const key = request.countryCode + request.vatNumber
  const now = deps.now().getTime()
  const known = answers.get(key)
  if (known && now - known.at < dayMs) return known.verification
  let verification: VatIdVerification | null = null
  try {
    const response = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(request),
      redirect: 'error', signal: AbortSignal.timeout(deps.config.VIES_TIMEOUT_MS),
    })
    verification = response.ok ? verificationOfAnswer(await response.json()) : null
    if (verification === null) deps.logger.warn({ status: response.status, country: request.countryCode }, 'VIES gave no answer; the VAT id stays checked for format only')
  } catch (error) {
    deps.logger.warn({ err: (error as Error).message, country: request.countryCode }, 'VIES unreachable; the VAT id stays checked for format only')
  }
  if (verification === null) return 'format_only'
  if (answers.size >= cacheLimit) answers.delete(answers.keys().next().value as string)
  answers.set(key, { verification, at: now })
  return verification
}

/** Forgets the kept answers (tests switching the stand-in's answer for one id). */
export function forgetViesAnswers(): void {
  answers.clear()
}
