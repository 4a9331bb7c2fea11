import { TextInput, type TextInputProps } from '@mantine/core'
import { clampFloatInput, type FloatInputOptions } from '../../shared/validation/number-input'

// docs/reference/catalogue-and-selling.md and accounts-and-orders.md §5 float field: at most 2 fractional digits by default, above max clamps to max,
// on blur at or below min becomes min, empty only when allowed. The shared clamp function decides.

export type NumericFieldBaseProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value: string
  onChange: (value: string) => void
}

export type FloatFieldProps = NumericFieldBaseProps & FloatInputOptions

export function FloatField({ value, onChange, onBlur, min, max, maxFractionDigits, allowEmptyValue, ...props }: FloatFieldProps) {
  const options: FloatInputOptions = { min, max, maxFractionDigits, allowEmptyValue }
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={value}
      onChange={(event) => onChange(clampFloatInput(event.currentTarget.value, options, 'change'))}
      onBlur={(event) => {
        onChange(clampFloatInput(event.currentTarget.value, options, 'blur'))
        onBlur?.(event)
      }}
    />
  )
}

