import fc from 'fast-check'

// A small JSON-schema → fast-check converter for the subset the API's OpenAPI 3.0 document uses (type,
// properties, required, additionalProperties, enum, const, anyOf/oneOf/allOf, items, minItems/maxItems,
// minimum/maximum with OpenAPI's boolean exclusiveMinimum, minLength/maxLength, pattern, format, nullable,
// $ref into components). Each value it makes is meant to comply with the schema: the API fuzz test
// (tests/integration/api-fuzz.test.ts) counts a refusal of one as the document promising more than the
// code accepts. Kept behind `arbitraryFromSchema` so a maintained library can replace it later.

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
  if (choices?.length) return fc.oneof(...choices.map((s) => arbitraryFromSchema(s, resolve, depth + 1)))
  if (Array.isArray(schema.allOf) && schema.allOf.length) return arbitraryFromSchema(mergeAllOf(schema.allOf, resolve), resolve, depth + 1)
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
  const merged: Schema = { type: 'object', properties: {}, required: [] }
  for (const raw of parts) {
    const part = raw.$ref ? resolve(raw.$ref) ?? {} : raw
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

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? Math.max(min, 60) + 40
  if (typeof schema.pattern === 'string') {
    // One character class repeated (^[A-Za-z0-9_-]{8,200}$): its characters, the length from both bounds
    // (filtering stringMatching by length would spin on minLength 16).
    const repeated = /^\^(\[[^\]]+\])(\+|\*|\{(\d+)(?:,(\d*))?\})\$$/.exec(schema.pattern)
    if (repeated) {
      const [, cls, quantifier = '', from, to] = repeated
      const lo = Math.max(min, quantifier === '+' ? 1 : Number(from ?? 0))
      const hi = Math.min(max, to === undefined ? (from !== undefined && quantifier.startsWith('{') && !quantifier.includes(',') ? Number(from) : lo + 40) : to === '' ? lo + 40 : Number(to))
      try {
        return fc.string({ unit: fc.stringMatching(new RegExp(`^${cls}$`)), minLength: lo, maxLength: Math.max(lo, hi) })
      } catch {
        // fall through
      }
    }
    try {
      const pattern = new RegExp(schema.pattern)
      // A long pattern match may miss the length bounds: fall back to the shortest fitting values.
      return fc.stringMatching(pattern).filter((s) => within(s, min, max))
    } catch {
      // a pattern JavaScript cannot read: fall through to the format or plain strings
    }
  }
  switch (schema.format) {
    case 'email': return fc.emailAddress().filter((s) => within(s, min, max))
    case 'uri': case 'url': return fc.webUrl().filter((s) => within(s, min, max))
    case 'uuid': return fc.uuid()
    case 'date-time': return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString())
    case 'date': return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  }
  const short = Math.min(max, min + 40)
  // Mostly printable text; sometimes any code point (control characters and NUL included: the document allows them).
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: short }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: short }).filter((s) => within(s, min, max)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: short }).filter((s) => within(s, min, max)) },
  )
}

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
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

function arrayArbitrary(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0
  const maxLength = depth >= maxDepth ? minLength : Math.min(schema.maxItems ?? minLength + 3, minLength + 3)
  return fc.array(arbitraryFromSchema(schema.items, resolve, depth + 1), { minLength, maxLength })
}

function objectArbitrary(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const required = new Set<string>(schema.required ?? [])
  const keys = Object.keys(properties).filter((k) => required.has(k) || depth < maxDepth)
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const key of keys) model[key] = arbitraryFromSchema(properties[key], resolve, depth + 1)
  const record = fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) }) as fc.Arbitrary<Record<string, unknown>>
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
