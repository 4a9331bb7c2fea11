// Rules the request schemas check in code (a refine) stated for the API document, so a client reading it
// knows what is refused (docs/decisions/0039-hardening.md: the document keeps what the code answers). Used
// as `.meta(...)`: zod copies them into the JSON schema of the field or object.

import { z } from 'zod'

export type JsonSchema = Record<string, unknown>

/** A zod schema's input as the document writes it, for the branches of a rule. */
export function documented(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonSchema
  delete json.$schema
  return json
}

/** A comma-separated list of `values` as a pattern (query strings such as expand=product,payer), `min` to `max` of them. */
export function commaListPattern(values: readonly string[], max: number, min = 0): string {
  const one = `(?:${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`
  const list = `${one}(?:,${one}){0,${max - 1}}`
  return min > 0 ? `^${list}$` : `^(?:${list})?$`
}

/**
 * A cross-field rule as the document states it: for each value of `field` named in `cases`, the properties
 * there are required and follow their schemas; the other values of `all` take the object as it is.
 * Written as `anyOf` alternatives beside the object's own properties (OpenAPI 3.0 has no if/then).
 */
export function byValue(field: string, all: readonly string[], cases: Record<string, Record<string, JsonSchema>>, required = true): JsonSchema {
  const named = Object.keys(cases)
  const others = all.filter((value) => !named.includes(value))
  const needs = (then: Record<string, JsonSchema>) => Object.entries(then).filter(([, schema]) => schema !== onlyNull).map(([key]) => key)
  return {
    anyOf: [
      ...Object.entries(cases).map(([value, then]) => ({ properties: { [field]: { type: 'string', enum: [value] }, ...then }, required: [field, ...(required ? needs(then) : [])] })),
      ...(others.length > 0 ? [{ properties: { [field]: { type: 'string', enum: others } }, required: [field] }] : []),
    ],
  }
}

/**
 * A boolean `field` that, when true, needs the properties of `then` (and follow their schemas); false takes
 * the object as it is. Both alternatives name the field, as `byValue` does.
 */
export function whenTrue(field: string, then: Record<string, JsonSchema>): JsonSchema {
  return {
    anyOf: [
      { properties: { [field]: { type: 'boolean', enum: [true] }, ...then }, required: [field, ...Object.keys(then)] },
      { properties: { [field]: { type: 'boolean', enum: [false] } }, required: [field] },
    ],
  }
}

/** Several cross-field rules of one object: all of them hold. */
export function allRules(...rules: JsonSchema[]): JsonSchema {
  return rules.length === 1 ? rules[0]! : { allOf: rules }
}

/**
 * A date-time that must be later than `field`'s when both are given: an extension keyword (JSON Schema
 * cannot compare two fields), which the description repeats for readers that do not know it.
 */
export function laterThan(field: string): JsonSchema {
  return { 'x-later-than': field, description: `Later than ${field} when both are given` }
}

/** A list whose items differ in `key` (JSON Schema's uniqueItems compares whole items): an extension keyword. */
export function uniqueBy(key: string): JsonSchema {
  return { 'x-unique-by': key, description: `Each ${key} once` }
}

/** A list of numbers, each greater than the one before: uniqueItems and an extension keyword. */
export const increasing: JsonSchema = { uniqueItems: true, 'x-increasing': true, description: 'Each greater than the one before' }

/** A list of numbers whose sum is at most `maximum`: an extension keyword (JSON Schema cannot add items up). */
export function maxSum(maximum: number): JsonSchema {
  return { 'x-max-sum': maximum }
}

/** A list in which `minimum` to `maximum` items have `property` true: an extension keyword. */
export function trueCount(property: string, minimum: number, maximum?: number): JsonSchema {
  return { 'x-true-count': { property, minimum, ...(maximum !== undefined ? { maximum } : {}) }, description: maximum === minimum ? `Exactly ${minimum} with ${property} true` : `At least ${minimum} with ${property} true` }
}

/** Only null (or absent): what a rule refuses for a field the object otherwise takes. */
export const onlyNull: JsonSchema = { nullable: true, enum: [null] }
