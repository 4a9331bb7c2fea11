import { z } from 'zod'
import { ibanToElectronicFormat, isBic, isIban } from './bank'
import { hexColorPattern, isHexColor } from './color'
import { countryCodes, isRefusedPayerCountry, payerCountryCodes, type CountryCode } from './countries'
import { birthdayIssue, isIsoDateTime, isTime } from './dates'
import { isPhone, phoneMaxLength } from './phone'
import { issueFrom, requiredText, string } from './account-schemas'
import { productSlugIssue, shopSlugIssue, slugIssue, slugMaxLength, slugMinLength } from './slugs'
import { hasScriptTag, personNameMaxLength, profileNameMaxLength } from './text'
import { usernameIssue, usernameMaxLength, usernameMinLength } from './username'
import { normalizeVatId, vatIdIssue, vatIdMaxLength } from './vat'
import { domainMaxLength, isDomain, isUrl, urlMaxLength } from './web'

// The zod schemas of the rules, for routes and forms alike. Every issue message is a message key
// (messages.ts); the side that shows it translates it with translateMessage or translateIssue.
// Length checks abort, so a field reports one problem at a time.

// The helpers, zEmail and zPassword live in ./account-schemas.ts, which imports no phone, bank or VAT
// library, so the sign-in page can use them alone (docs/decisions/0045-cabinet-on-a-phone.md).
export { zEmail, zPassword } from './account-schemas'

export const zUsername = requiredText()
  .max(usernameMaxLength, { error: 'username_too_long', abort: true })
  .superRefine(issueFrom(usernameIssue))
  // The document states the ASCII part of the rule (the code also takes letters of other scripts but Cyrillic).
  .meta({ pattern: `^[A-Za-z][A-Za-z0-9_ -]{${usernameMinLength - 2},${usernameMaxLength - 2}}[A-Za-z0-9_-]$`, minLength: usernameMinLength, maxLength: usernameMaxLength })

/** A text field that may be empty; `max` in characters after trimming. Refuses script tags (docs/reference/readings.md 20). */
export const zPlainText = (max: number) => string()
  .trim()
  .max(max, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

/** First and last names. */
export const zPersonName = requiredText()
  .max(personNameMaxLength, { error: 'name_too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

export const zProfileName = requiredText()
  .max(profileNameMaxLength, { error: 'name_too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

/** A custom format: the document's reader learns the shape; the length per country is checked by libphonenumber. */
const phoneMeta = { format: 'phone', pattern: '^\\+?[0-9 ()./-]+$', maxLength: phoneMaxLength, description: 'A phone number with its country prefix, e.g. +49 30 1234567' }

/** International numbers ("+49 ..." or "0049 ..."); use zPhoneIn where the country is known. */
export const zPhone = requiredText()
  .max(phoneMaxLength, { error: 'invalid_phone', abort: true })
  .refine((value) => isPhone(value), { error: 'invalid_phone' })
  .meta(phoneMeta)

/** Also accepts national numbers of `country` ("030 1234567" in DE). */
export const zPhoneIn = (country: CountryCode) => requiredText()
  .max(phoneMaxLength, { error: 'invalid_phone', abort: true })
  .refine((value) => isPhone(value, country), { error: 'invalid_phone' })
  .meta(phoneMeta)

export const zCountryCode = z.enum(countryCodes, {
  error: (issue) => (issue.input === undefined ? 'required' : 'invalid_country'),
})

/** A payer's country at checkout: any country but the refused ones (docs/reference/readings.md 22), which are named as such. */
export const zPayerCountryCode = z.enum(payerCountryCodes, {
  error: (issue) => (issue.input === undefined ? 'required' : typeof issue.input === 'string' && isRefusedPayerCountry(issue.input) ? 'country_not_served' : 'invalid_country'),
})

/** Slug form 1, no Cyrillic (docs/reference/readings.md 20). */
export const zSlug = requiredText()
  .max(slugMaxLength, { error: 'invalid_slug', abort: true })
  .superRefine(issueFrom(slugIssue))
  .meta({ pattern: `^[A-Za-z0-9-]{${slugMinLength},${slugMaxLength}}$`, description: 'Letters, digits and hyphens (letters of other scripts but Cyrillic are taken too)' })

/** A shop's address at the root: also not a reserved path (docs/reference/readings.md 16). */
export const zShopSlug = requiredText()
  .max(slugMaxLength, { error: 'invalid_slug', abort: true })
  .superRefine(issueFrom(shopSlugIssue))
  .meta({ pattern: `^[A-Za-z0-9-]{${slugMinLength},${slugMaxLength}}$`, description: 'Letters, digits and hyphens (letters of other scripts but Cyrillic are taken too)' })

/** A product's address under /s/{username}/: also none of the seller's own pages (docs/reference/readings.md 16). */
export const zProductSlug = requiredText()
  .max(slugMaxLength, { error: 'invalid_slug', abort: true })
  .superRefine(issueFrom(productSlugIssue))
  .meta({ pattern: `^[A-Za-z0-9-]{${slugMinLength},${slugMaxLength}}$`, description: 'Letters, digits and hyphens (letters of other scripts but Cyrillic are taken too)' })

export const zHexColor = requiredText().refine(isHexColor, { error: 'invalid_hex_color' }).meta({ pattern: hexColorPattern })

export const zUrl = requiredText()
  .max(urlMaxLength, { error: 'invalid_url', abort: true })
  .refine(isUrl, { error: 'invalid_url' })
  .meta({ format: 'uri', pattern: '^https?://[^\\s@]+$', maxLength: urlMaxLength, description: 'An http or https address whose host is a domain' })

/** Stored in lowercase, as DNS compares names. */
export const zDomain = requiredText()
  .toLowerCase()
  .max(domainMaxLength, { error: 'invalid_domain', abort: true })
  .refine(isDomain, { error: 'invalid_domain' })
  .meta({ format: 'hostname', maxLength: domainMaxLength })

/** A date in a request: 2026-11-22T10:00:00.000Z. */
export const zIsoDateTime = string().refine(isIsoDateTime, { error: 'invalid_date' })
  .meta({ format: 'date-time', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$' })

/** Stored without spaces and dots, in uppercase. */
export const zVatId = requiredText()
  .overwrite(normalizeVatId)
  .max(vatIdMaxLength, { error: 'invalid_vat', abort: true })
  .superRefine(issueFrom(vatIdIssue))
  // A custom format: an id with a known country prefix must have that country's form (jsvat).
  .meta({ format: 'vat-id', pattern: '^[A-Za-z0-9_-]+$', maxLength: vatIdMaxLength, description: 'Letters, digits, underscores and hyphens (spaces and dots are taken and dropped); an id starting with an EU country code (or CH, GB) must have that country\'s form' })

/** Stored in the electronic format: no spaces, uppercase. */
export const zIban = requiredText()
  .overwrite(ibanToElectronicFormat)
  .refine(isIban, { error: 'invalid_iban' })
  .meta({ format: 'iban', description: 'An IBAN with a valid check sum; spaces are allowed' })

export const zBic = requiredText()
  .toUpperCase()
  .refine(isBic, { error: 'invalid_bic' })
  .meta({ format: 'bic', pattern: '^[A-Za-z0-9]{8}(?:[A-Za-z0-9]{3})?$' })

export const zTime = requiredText().refine(isTime, { error: 'invalid_time' }).meta({ pattern: '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$' })

/** dd.mm.yyyy, at least 18 years before the day it is checked (docs/reference/readings.md 19). */
export const zBirthday = requiredText().superRefine(issueFrom((value) => birthdayIssue(value)))
  .meta({ format: 'date-of-birth', pattern: '^[0-9]{2}\\.[0-9]{2}\\.[0-9]{4}$', description: 'dd.mm.yyyy, at least 18 years ago' })
