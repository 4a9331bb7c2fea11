import { rangeFilters } from './ranges'

// docs/reference/catalogue-and-selling.md and accounts-and-orders.md §5: what the float and number fields do to the text the user types. 'change' runs
// on every keystroke and lets half-typed values ("1.", "-") stand; 'blur' settles the value. Both return
// the field's new text, with "." as the decimal separator ("," is read as one too).

export type InputPhase = 'change' | 'blur'

export type FloatInputOptions = {
  min?: number
  max?: number
  /** Digits after the separator; more are cut off while typing. */
  maxFractionDigits?: number
  /** Without it an empty field is settled like 0 on blur (which the min rule usually lifts to min). */
  allowEmptyValue?: boolean
}

const partialFloat = /^-?[0-9]*(?:[.,][0-9]*)?$/

export function clampFloatInput(value: string, options: FloatInputOptions = {}, phase: InputPhase = 'change'): string {
  const { min, max, maxFractionDigits = 2, allowEmptyValue = false } = options
  // Text that cannot become a number is dropped, as the number field does with non-integers.
  let text = partialFloat.test(value.trim()) ? value.trim().replace(',', '.') : ''
  const separator = text.indexOf('.')
  if (separator >= 0) text = text.slice(0, maxFractionDigits > 0 ? separator + 1 + maxFractionDigits : separator)

  const hasDigit = /[0-9]/.test(text)
  if (!hasDigit && phase === 'change') return text
  if (!hasDigit && allowEmptyValue) return ''
  const number = hasDigit ? Number(text) : 0
  if (max !== undefined && number > max) return String(max)
  if (phase === 'change') return text
  if (min !== undefined && number <= min) return String(min)
  return hasDigit ? text.replace(/\.$/, '') : '0'
}

export type NumberInputOptions = {
  /** Defaults to the spec's number field range, 1 to 1 000 000. */
  min?: number
  max?: number
  /** Without it an empty field is settled like 0 on blur, which the min rule lifts to min. */
  allowEmptyValue?: boolean
}

export function clampNumberInput(value: string, options: NumberInputOptions = {}, phase: InputPhase = 'change'): string {
  const { min = rangeFilters.numberField.min, max = rangeFilters.numberField.max, allowEmptyValue = false } = options
  const text = value.trim()
  // A lone minus is the start of a negative number, where negatives are allowed.
  if (phase === 'change' && text === '-' && min < 0) return text
  // Spec: non-integer input becomes empty.
  const integer = /^-?[0-9]+$/.test(text) ? text : ''
  if (integer === '' && (phase === 'change' || allowEmptyValue)) return ''
  const number = integer === '' ? 0 : Number(integer)
  if (number > max) return String(max)
  if (phase === 'change') return integer
  if (number <= min) return String(min)
  return String(number)
}
