// How the storefront's texts are filled in (docs/decisions/0094-storefront-languages.md). Every text is plain
// data, so the page's locale travels to the browser as JSON beside the props: `{name}` placeholders, and
// plural forms keyed by Intl.PluralRules' categories.

export type PluralForms = { zero?: string; one?: string; two?: string; few?: string; many?: string; other: string }
export type TextValues = Readonly<Record<string, string | number>>

/** Replaces every `{name}` with its value; a placeholder without a value stays as it is. */
export function fill(template: string, values: TextValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole))
}

const pluralRules = new Map<string, Intl.PluralRules>()

/** The form for `count` in the locale (its BCP 47 tag), filled with `{count}` and the other values. */
export function plural(tag: string, forms: PluralForms, count: number, values: TextValues = {}): string {
  let rules = pluralRules.get(tag)
  if (!rules) {
    rules = new Intl.PluralRules(tag)
    pluralRules.set(tag, rules)
  }
  // `zero` is the Arabic category; an exact 0 may use it in any language that gives one.
  const category = count === 0 && forms.zero !== undefined ? 'zero' : rules.select(count)
  return fill(forms[category] ?? forms.other, { count, ...values })
}

/** The entry of a keyed group of texts (payment methods, states) for a code from the data; undefined for another code. */
export function textOf<T extends object>(group: T, code: string): T[keyof T] | undefined {
  return Object.hasOwn(group, code) ? group[code as keyof T] : undefined
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/** A number in the locale (its BCP 47 tag): its digits and separators, up to two decimals (7.5 % reads 7,5 % in German). */
export function formatNumber(tag: string, value: number): string {
  let format = numberFormats.get(tag)
  if (!format) {
    format = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 })
    numberFormats.set(tag, format)
  }
  return format.format(value)
}
