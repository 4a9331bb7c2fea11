import fc from 'fast-check'

// A small JSON-schema → fast-check converter for the subset the API's OpenAPI 3.0 document uses (type,
// properties, required, additionalProperties, enum, const, anyOf/oneOf/allOf, items, minItems/maxItems,
// minimum/maximum with OpenAPI's boolean exclusiveMinimum, minLength/maxLength, pattern, format, nullable,
// $ref into components, uniqueItems), the API's custom formats (phone, IBAN, ...) and its extension keywords
// (x-later-than, x-unique-by, x-increasing, x-true-count, x-max-sum: src/shared/validation/document-rules.ts); an object's
// anyOf beside its properties narrows them (a cross-field rule). Each value it makes is meant to comply with
// the schema: the API fuzz test (tests/integration/api-fuzz.test.ts) counts a refusal of one as the document
// promising more than the code accepts. Kept behind `arbitraryFromSchema` so a maintained library can replace it later.

export type Schema = Record<string, any>
export type Resolve = (ref: string) => Schema | undefined

const maxDepth = 6
const safeMax = Number.MAX_SAFE_INTEGER

/** fast-check arbitrary for values that comply with `schema`. Unresolvable $refs allow anything. */
export function arbitraryFromSchema(schema: Schema | undefined, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return anyValue()
  if (schema.$ref) {
    const target = resolve(schema.$ref)
    return target ? arbitraryFromSchema(target, resolve, depth + 1) : anyValue()
  }
  const base = baseArbitrary(schema, resolve, depth)
  return schema.nullable === true ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base
}

function baseArbitrary(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (schema.properties && (choices?.length || Array.isArray(schema.allOf))) {
    // An object with alternatives beside its properties: they state its cross-field rules (for this `form`
    // these fields, for that one those; src/shared/validation/document-rules.ts). One alternative of each
    // group is picked and narrows the object's own properties.
    const { anyOf: _anyOf, oneOf: _oneOf, allOf, ...base } = schema
    const open = (raw: Schema): Schema => (raw.$ref ? resolve(raw.$ref) ?? {} : raw)
    const groups: Schema[][] = [
      ...(choices?.length ? [choices.map(open)] : []),
      ...((allOf ?? []) as Schema[]).map(open).map((part) => ((part.anyOf ?? part.oneOf) as Schema[] | undefined)?.map(open) ?? [part]),
    ]
    return fc.tuple(...groups.map((group) => fc.constantFrom(...group))).chain((picked) => {
      const properties = { ...base.properties }
      const required = new Set<string>(base.required ?? [])
      for (const choice of picked) {
        Object.assign(properties, choice.properties ?? {})
        for (const key of choice.required ?? []) required.add(key)
      }
      return objectArbitrary({ ...base, properties, required: [...required] }, resolve, depth + 1)
    })
  }
  if (choices?.length) return fc.oneof(...choices.map((s) => arbitraryFromSchema(s, resolve, depth + 1)))
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const { allOf, nullable: _nullable, ...outer } = schema
    return arbitraryFromSchema(mergeAllOf([outer, ...(allOf as Schema[])], resolve), resolve, depth + 1)
  }
  const type = schema.type as string | string[] | undefined
  if (Array.isArray(type)) {
    return fc.oneof(...type.map((t) => (t === 'null' ? fc.constant(null) : baseArbitrary({ ...schema, type: t }, resolve, depth))))
  }
  switch (type) {
    case 'string': return stringArbitrary(schema)
    case 'integer': return integerArbitrary(schema)
    case 'number': return numberArbitrary(schema)
    case 'boolean': return fc.boolean()
    case 'null': return fc.constant(null)
    case 'array': return arrayArbitrary(schema, resolve, depth)
    case 'object': return objectArbitrary(schema, resolve, depth)
    default:
      if (schema.properties) return objectArbitrary(schema, resolve, depth)
      return anyValue()
  }
}

function anyValue(): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -1000, max: 1000 }), fc.string({ maxLength: 10 }))
}

function mergeAllOf(parts: Schema[], resolve: Resolve): Schema {
  const resolved = parts.map((raw) => (raw.$ref ? resolve(raw.$ref) ?? {} : raw))
  if (resolved.every((part) => part.type === 'string')) {
    // zod writes a string with two patterns (the storable-text rule and the field's own) as allOf: the
    // narrowest bounds, and the field's own pattern (its characters are all storable).
    const merged: Schema = { type: 'string' }
    for (const part of resolved) {
      for (const [key, value] of Object.entries(part)) {
        if (key === 'minLength') merged.minLength = Math.max(merged.minLength ?? 0, value)
        else if (key === 'maxLength') merged.maxLength = Math.min(merged.maxLength ?? Infinity, value)
        else if (key === 'pattern') { if (merged.pattern === undefined || merged.pattern === storableTextPattern) merged.pattern = value }
        else merged[key] = value
      }
    }
    return merged
  }
  const merged: Schema = { type: 'object', properties: {}, required: [] }
  for (const part of resolved) {
    if (part.type !== 'object' && !part.properties) return part
    Object.assign(merged.properties, part.properties ?? {})
    merged.required.push(...(part.required ?? []))
    if (part.additionalProperties === false) merged.additionalProperties = false
  }
  return merged
}

/** JSON Schema counts a string's length in code points (an astral character is one, not two UTF-16 units). */
function within(s: string, min: number, max: number): boolean {
  const length = [...s].length
  return length >= min && length <= max
}

/** Generated text stays short (a 5000-character field costs every case its time), but the bounds are still met. */
const lengthSpan = 24
/** The storable-text rule of src/shared/validation/storable.ts as the document states it. */
const storableTextPattern = '^(?:[^\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$'

/** One code point the storable-text rule allows: mostly printable ASCII, sometimes any (controls and astral ones too). */
const storableUnit: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 0x10ffff - 0x800 }).map((c) => String.fromCodePoint(c >= 0xd800 ? c + 0x800 : c)) },
)

/**
 * Strings of `unit` (one code point each) whose length lies in [min, max]: mostly short, sometimes exactly
 * min or max (the edges), never a filter over a space the bounds make sparse.
 */
function lengths(unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> {
  const short = Math.min(max, min + lengthSpan)
  const arbs: Array<fc.WeightedArbitrary<string>> = [{ weight: 8, arbitrary: fc.string({ unit, minLength: min, maxLength: short }) }]
  if (max > short && max <= 100_000) arbs.push({ weight: 1, arbitrary: fc.string({ unit, minLength: max, maxLength: max }) })
  return fc.oneof(...arbs)
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? Math.max(min, 60) + 40
  // A format the generator knows wins over the pattern beside it: its values match the pattern too.
  const formatted = formatArbitrary(schema.format)
  if (formatted) return formatted.filter((s) => within(s, min, max))
  if (schema.pattern === storableTextPattern) {
    // The storable-text rule with a documented format: the format's values all comply with it.
    if (!formatArbitrary(schema.format)) return lengths(storableUnit, min, max)
  } else if (typeof schema.pattern === 'string') {
    // One character class repeated (^[A-Za-z0-9_-]{8,200}$): its characters, the length from both bounds.
    const repeated = /^\^(\[[^\]]+\])(\+|\*|\{(\d+)(?:,(\d*))?\})\$$/.exec(schema.pattern)
    if (repeated) {
      const [, cls, quantifier = '', from, to] = repeated
      const lo = Math.max(min, quantifier === '+' ? 1 : Number(from ?? 0))
      const hi = Math.min(max, to === undefined ? (from !== undefined && quantifier.startsWith('{') && !quantifier.includes(',') ? Number(from) : max) : to === '' ? max : Number(to))
      try {
        return lengths(fc.stringMatching(new RegExp(`^${cls}$`)), lo, Math.max(lo, hi))
      } catch {
        // fall through
      }
    }
    if (!formatArbitrary(schema.format)) {
      try {
        // Any other pattern is short and structured (a date, a key, a path): its own matches, their length checked.
        const pattern = new RegExp(schema.pattern)
        return fc.stringMatching(pattern, { size: 'xsmall' }).filter((s) => within(s, min, max))
      } catch {
        // a pattern JavaScript cannot read: fall through to plain strings
      }
    }
  }
  // No pattern: any code point, lone surrogates and NUL included (the document allows them).
  return fc.oneof(
    { weight: 4, arbitrary: lengths(fc.string({ minLength: 1, maxLength: 1 }), min, max) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, min + lengthSpan) }).filter((s) => within(s, min, max)) },
  )
}

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/)
const host = fc.tuple(label, fc.constantFrom('com', 'de', 'org', 'example')).map(([a, b]) => `${a}.${b}`)

/**
 * Values of the formats the document names. Besides JSON Schema's own, the API's custom ones (src/shared/
 * validation/schemas.ts): rules a pattern cannot state (a check sum, a per-country length), their values
 * drawn from known-good shapes.
 */
function formatArbitrary(format: unknown): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email': {
      // The document's email pattern (zod's) is stricter than fast-check's addresses.
      const local = fc.stringMatching(/^[A-Za-z0-9_+-]{1,12}$/)
      return fc.tuple(local, host).map(([a, b]) => `${a}@${b}`)
    }
    case 'uri': case 'url': return fc.tuple(fc.constantFrom('http', 'https'), host, fc.stringMatching(/^(\/[a-z0-9_-]{1,8}){0,3}$/)).map(([scheme, h, path]) => `${scheme}://${h}${path}`)
    case 'hostname': return host
    case 'uuid': return fc.uuid()
    case 'date-time': return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString())
    case 'date': return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
    case 'password': {
      const special = fc.constantFrom(...'!@#$%^&*()-_=+[]{};:\'",.<>/?\\|`~'.split(''))
      return fc.tuple(fc.string({ minLength: 7, maxLength: 30 }), special, fc.nat()).map(([text, char, at]) => {
        const i = at % (text.length + 1)
        return text.slice(0, i) + char + text.slice(i)
      })
    }
    case 'phone': return fc.constantFrom('+49 30 1234567', '+4930123456789', '0049 (0)30 123-4567', '+1 212 555 0100', '+44 20 7946 0958', '+33 1 42 68 53 00')
    case 'iban': return fc.constantFrom('DE89370400440532013000', 'DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432', 'AT611904300234573201', 'FR1420041010050500013M02606')
    case 'bic': return fc.constantFrom('DEUTDEFF', 'COBADEFFXXX', 'BNPAFRPP')
    // A prefix no country has: only the shape applies; or a German id of the right form.
    case 'vat-id': return fc.stringMatching(/^[QZ][0-9A-Z_-]{2,20}$/)
    case 'date-of-birth': return fc.date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2000-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`)
  }
  return undefined
}

/** The formats formatArbitrary knows, for ajv (which would otherwise warn about the custom ones). */
export const customFormats = ['password', 'phone', 'iban', 'bic', 'vat-id', 'date-of-birth', 'binary']

function bounds(schema: Schema, integer: boolean): { min: number; max: number } {
  let min = typeof schema.minimum === 'number' ? schema.minimum : -safeMax
  let max = typeof schema.maximum === 'number' ? schema.maximum : safeMax
  // OpenAPI 3.0: exclusiveMinimum is a flag on minimum; JSON Schema 2019+: a number of its own.
  if (schema.exclusiveMinimum === true) min = integer ? min + 1 : min + Number.EPSILON
  else if (typeof schema.exclusiveMinimum === 'number') min = integer ? schema.exclusiveMinimum + 1 : schema.exclusiveMinimum
  if (schema.exclusiveMaximum === true) max = integer ? max - 1 : max - Number.EPSILON
  else if (typeof schema.exclusiveMaximum === 'number') max = integer ? schema.exclusiveMaximum - 1 : schema.exclusiveMaximum
  return { min: Math.max(min, -safeMax), max: Math.min(max, safeMax) }
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, true)
  const lo = Math.ceil(min)
  const hi = Math.floor(max)
  if (hi - lo <= 0x7fffffff && lo >= -0x80000000 && hi <= 0x7fffffff) return fc.integer({ min: lo, max: hi })
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(lo, -1000), max: Math.max(Math.min(hi, 100_000), Math.max(lo, -1000)) }) },
    { weight: 1, arbitrary: fc.maxSafeInteger().filter((n) => n >= lo && n <= hi) },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
  )
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, false)
  // A step (multipleOf, e.g. 0.01 for two decimals): whole multiples of it, written with the step's decimals.
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const step = schema.multipleOf
    const decimals = (String(step).split('.')[1] ?? '').length
    const lo = Math.ceil(min / step)
    const hi = Math.floor(max / step)
    if (hi >= lo && hi - lo <= 0x7fffffff) return fc.integer({ min: lo, max: hi }).map((k) => Number((k * step).toFixed(decimals)))
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

function arrayArbitrary(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0
  const maxLength = depth >= maxDepth ? minLength : Math.min(schema.maxItems ?? minLength + 3, minLength + 3)
  const items = arbitraryFromSchema(schema.items, resolve, depth + 1)
  // `x-true-count`: between minimum and maximum items have the property true.
  const count = schema['x-true-count'] as { property: string; minimum: number; maximum?: number } | undefined
  if (count) {
    return fc.array(items, { minLength, maxLength }).map((list) => {
      const out = list.map((item) => ({ ...(item as Record<string, unknown>) }))
      let trues = out.filter((item) => item[count.property] === true).length
      for (const item of out) {
        if (trues < count.minimum && item[count.property] !== true) { item[count.property] = true; trues++ }
        else if (count.maximum !== undefined && trues > count.maximum && item[count.property] === true) { item[count.property] = false; trues-- }
      }
      return out
    })
  }
  // `x-max-sum`: numbers (at most two decimals) whose sum stays at most the maximum; later items give way.
  const maxSum = schema['x-max-sum'] as number | undefined
  if (maxSum !== undefined) {
    return fc.array(items, { minLength, maxLength }).map((list) => {
      let left = Math.round(maxSum * 100)
      return list.map((item) => {
        const cents = Math.min(Math.round((item as number) * 100), left)
        left -= cents
        return cents / 100
      })
    })
  }
  // uniqueItems, and the document's extensions (src/shared/validation/document-rules.ts): items that differ
  // in one key, numbers that go up.
  const key = schema['x-unique-by'] as string | undefined
  if (schema.uniqueItems || key) {
    const selector = (v: unknown) => (key && v && typeof v === 'object' ? JSON.stringify((v as Record<string, unknown>)[key]) : JSON.stringify(v))
    const unique = fc.uniqueArray(items, { minLength, maxLength, selector })
    return schema['x-increasing'] ? unique.map((list) => [...list].sort((a, b) => (a as number) - (b as number))) : unique
  }
  return fc.array(items, { minLength, maxLength })
}

function objectArbitrary(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const required = new Set<string>(schema.required ?? [])
  const keys = Object.keys(properties).filter((k) => required.has(k) || depth < maxDepth)
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const key of keys) model[key] = arbitraryFromSchema(properties[key], resolve, depth + 1)
  // `x-later-than` (src/shared/validation/document-rules.ts): when both dates are given, the later one second.
  const ordered = keys.filter((k) => typeof properties[k]?.['x-later-than'] === 'string')
  const record = (fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) }) as fc.Arbitrary<Record<string, unknown>>).map((value) => {
    for (const key of ordered) {
      const other = properties[key]!['x-later-than'] as string
      const [a, b] = [value[other], value[key]]
      if (typeof a === 'string' && typeof b === 'string' && Date.parse(b) <= Date.parse(a)) {
        value[key] = new Date(Math.max(Date.parse(a), Date.parse(b)) + 60_000).toISOString()
      }
    }
    return value
  })
  const extra = schema.additionalProperties
  if (extra && typeof extra === 'object' && depth < maxDepth) {
    const more = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in properties) && k !== '__proto__'), arbitraryFromSchema(extra, resolve, depth + 1), { maxKeys: 3 })
    return fc.tuple(record, more).map(([a, b]) => ({ ...b, ...a }))
  }
  return record
}

/**
 * OpenAPI 3.0 schema → JSON schema ajv reads: `nullable` becomes a null alternative, boolean
 * exclusiveMinimum/Maximum become numbers, $refs are resolved inline (unresolvable ones allow anything).
 */
export function toJsonSchema(schema: unknown, resolve: Resolve, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, resolve, depth))
  if (!schema || typeof schema !== 'object') return schema
  const source = schema as Schema
  if (source.$ref) {
    const target = resolve(source.$ref)
    return target && depth < 20 ? toJsonSchema(target, resolve, depth + 1) : {}
  }
  const out: Schema = {}
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || key === 'example' || key === 'examples' || key === 'xml' || key === 'discriminator') continue
    if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      if (value === true) out[key] = source[key === 'exclusiveMinimum' ? 'minimum' : 'maximum']
      else if (typeof value === 'number') out[key] = value
      continue
    }
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions') {
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, toJsonSchema(v, resolve, depth + 1)]))
      continue
    }
    out[key] = typeof value === 'object' ? toJsonSchema(value, resolve, depth + 1) : value
  }
  if (source.exclusiveMinimum === true) delete out.minimum
  if (source.exclusiveMaximum === true) delete out.maximum
  if (source.nullable === true) return { anyOf: [out, { type: 'null' }] }
  return out
}
