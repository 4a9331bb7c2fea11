import { useCallback, useRef, useState, type ChangeEvent } from 'react'
import type { z } from 'zod'
import type { FieldError } from '../../shared/errors'
import { isMessageKey, translateIssue, translateMessage } from '../../shared/validation/messages'
import { isApiError } from './api-client'

// Forms validate with the shared zod schemas (the same the routes use). Zod issues carry message keys;
// they are translated with the shared `translateIssue`. Issues that carry zod's own text are mapped to
// the nearest shared key by their code.

export type FieldErrors = Record<string, string>

type Issue = z.core.$ZodIssue

function issueKey(issue: Issue): string {
  if (isMessageKey(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return 'required'
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1 ? 'required' : issue.origin === 'string' ? 'too_short' : 'out_of_range'
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'out_of_range'
    case 'invalid_format':
      return issue.format === 'email' ? 'invalid_email' : 'invalid_value'
    default:
      return 'invalid_value'
  }
}

/** The first message per top-level field, translated. */
export function zodFieldErrors(issues: readonly Issue[], locale: string): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '')
    if (!field || out[field]) continue
    const bounds = issue.code === 'too_small' ? { minimum: issue.minimum } : issue.code === 'too_big' ? { maximum: issue.maximum } : {}
    out[field] = translateIssue({ message: issueKey(issue), ...bounds }, locale)
  }
  return out
}

/** The server's `error.fields` as messages per field (paths like `email` or `profile.first_name`). */
export function serverFieldErrors(fields: readonly FieldError[] | undefined, locale: string): FieldErrors {
  const out: FieldErrors = {}
  for (const field of fields ?? []) {
    const name = field.path.split('.')[0] ?? ''
    if (name && !out[name]) out[name] = translateMessage(field.message, locale)
  }
  return out
}

type Values = Record<string, unknown>

export type FieldProps<V> = {
  value: V
  onChange: (value: V) => void
  onBlur: () => void
  error: string | undefined
}

export type FormOptions<V> = {
  /** Fields not trimmed on blur (passwords). */
  noTrim?: (keyof V)[]
  /** Turns form values into the schema's input (e.g. empty optional fields to undefined). */
  toInput?: (values: V) => unknown
}

/** Error types that belong to one field when the server names no field. */
const fieldOfErrorType: Record<string, string> = { email_taken: 'email', username_taken: 'username' }

/**
 * Form state over a zod schema: values, per-field errors (shown after a field was left or the form was
 * submitted), trimming on blur (spec section 5), and server field errors.
 */
export function useZodForm<S extends z.ZodType, V extends Values>(schema: S, initial: V, locale: string, options: FormOptions<V> = {}) {
  const toInput = options.toInput ?? ((values: V) => values)
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<unknown>(null)
  const submitted = useRef(false)
  const touched = useRef(new Set<string>())
  const valuesRef = useRef(values)
  valuesRef.current = values

  const check = useCallback((next: V): FieldErrors => {
    const result = schema.safeParse(toInput(next))
    return result.success ? {} : zodFieldErrors(result.error.issues, locale)
  }, [schema, locale]) // eslint-disable-line react-hooks/exhaustive-deps

  const refreshField = useCallback((name: string, next: V) => {
    const all = check(next)
    setErrors((prev) => {
      const copy = { ...prev }
      if (all[name]) copy[name] = all[name]
      else delete copy[name]
      return copy
    })
  }, [check])

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...valuesRef.current, [name]: value }
    valuesRef.current = next
    setValues(next)
    if (submitted.current || touched.current.has(String(name))) refreshField(String(name), next)
  }, [refreshField])

  const blur = useCallback((name: keyof V) => {
    const current = valuesRef.current[name]
    let next = valuesRef.current
    if (typeof current === 'string' && !options.noTrim?.includes(name) && current !== current.trim()) {
      next = { ...next, [name]: current.trim() }
      valuesRef.current = next
      setValues(next)
    }
    const key = String(name)
    if (typeof current === 'string' && current === '' && !submitted.current) return // not judged before a first attempt
    touched.current.add(key)
    refreshField(key, next)
  }, [refreshField, options.noTrim])

  function field<K extends keyof V & string>(name: K): FieldProps<V[K]> {
    return { value: values[name], onChange: (value) => setValue(name, value), onBlur: () => blur(name), error: errors[name] }
  }

  /** Validates everything; returns the parsed data, or null after showing the errors. */
  function validate(): z.output<S> | null {
    submitted.current = true
    setFormError(null)
    const result = schema.safeParse(toInput(valuesRef.current))
    if (result.success) {
      setErrors({})
      return result.data
    }
    setErrors(zodFieldErrors(result.error.issues, locale))
    return null
  }

  /** Shows the server's field errors; true when there were any. */
  function applyServerErrors(fields: readonly FieldError[] | undefined): boolean {
    const mapped = serverFieldErrors(fields, locale)
    if (Object.keys(mapped).length === 0) return false
    setErrors((prev) => ({ ...prev, ...mapped }))
    return true
  }

  /** Shows a failed call's field errors on the fields; true when the error was shown that way. */
  function applyApiError(error: unknown): boolean {
    if (!isApiError(error)) return false
    if (applyServerErrors(error.fields)) return true
    const field = fieldOfErrorType[error.type]
    if (field && field in valuesRef.current) {
      setFieldError(field, translateMessage(error.type, locale))
      return true
    }
    return false
  }

  /** A failed submit: field errors go on their fields, anything else becomes the form's error. */
  function fail(error: unknown): void {
    if (!applyApiError(error)) setFormError(error)
  }

  function setFieldError(name: keyof V & string, message: string | undefined): void {
    setErrors((prev) => {
      const copy = { ...prev }
      if (message) copy[name] = message
      else delete copy[name]
      return copy
    })
  }

  function reset(next: V = initial): void {
    submitted.current = false
    touched.current.clear()
    valuesRef.current = next
    setValues(next)
    setErrors({})
    setFormError(null)
  }

  return { values, errors, formError, field, setValue, validate, applyServerErrors, applyApiError, fail, setFieldError, reset }
}

/** Props for a Mantine TextInput / PasswordInput / Textarea bound to a string field. */
export function textInputProps(field: FieldProps<string>) {
  return {
    value: field.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(event.currentTarget.value),
    onBlur: field.onBlur,
    error: field.error,
  }
}

/** Props for a SelectField bound to a nullable string field. */
export function selectInputProps(field: FieldProps<string | null>) {
  return { value: field.value, onChange: (value: string | null) => field.onChange(value), onBlur: field.onBlur, error: field.error }
}
