import { TextInput } from '@mantine/core'
import type { KeyboardEvent } from 'react'
import { clampNumberInput, type NumberInputOptions } from '../../shared/validation/number-input'
import type { NumericFieldBaseProps } from './float-field'

// docs/reference/catalogue-and-selling.md and accounts-and-orders.md §5 number field: non-integer input becomes empty, above max clamps to max, on blur
// at or below min becomes min, arrow keys step by the step value. The shared clamp function decides.

export type NumberFieldProps = NumericFieldBaseProps & NumberInputOptions & { step?: number }

export function NumberField({ value, onChange, onBlur, onKeyDown, min, max, allowEmptyValue, step = 1, ...props }: NumberFieldProps) {
  const options: NumberInputOptions = { min, max, allowEmptyValue }
  const stepBy = (direction: 1 | -1) => {
    const current = Number(value === '' ? (min ?? 0) : value)
    const next = String(current + direction * step)
    onChange(clampNumberInput(next, options, 'blur'))
  }
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      value={value}
      onChange={(event) => onChange(clampNumberInput(event.currentTarget.value, options, 'change'))}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault()
          stepBy(event.key === 'ArrowUp' ? 1 : -1)
        }
        onKeyDown?.(event)
      }}
      onBlur={(event) => {
        onChange(clampNumberInput(event.currentTarget.value, options, 'blur'))
        onBlur?.(event)
      }}
    />
  )
}
