import { ColorInput, MultiSelect, Select } from '@mantine/core'
import { colorPalette } from '../../../../shared/pages/page-blocks'

// Puck custom fields (type "custom") for the settings its built-in inputs do not fit: a colour with the
// builder's 15-colour palette, one of the seller's products, several products, several of a fixed list.
// Each takes Puck's { value, onChange } and the label Puck would show.

export type Option = { value: string; label: string }
type Base<V> = { label: string; value: V; onChange: (value: V) => void; readOnly?: boolean | undefined; testId?: string }

export function ColorField({ label, value, onChange, readOnly, nullable, testId }: Base<string> & { nullable: boolean }) {
  return (
    <ColorInput size="xs" label={label} value={value ?? ''} onChange={onChange} disabled={readOnly} format="hex" swatches={[...colorPalette]}
      swatchesPerRow={8} placeholder={nullable ? '—' : undefined} data-testid={testId} />
  )
}

export function ProductField({ label, value, onChange, readOnly, options, testId }: Base<number | null> & { options: Option[] }) {
  return (
    <Select size="xs" label={label} data={options} value={value === null || value === undefined ? null : String(value)} clearable searchable disabled={readOnly}
      onChange={(v) => onChange(v ? Number(v) : null)} data-testid={testId} />
  )
}

export function ProductsField({ label, value, onChange, readOnly, options, testId }: Base<number[]> & { options: Option[] }) {
  return (
    <MultiSelect size="xs" label={label} data={options} value={(value ?? []).map(String)} searchable clearable disabled={readOnly}
      onChange={(v) => onChange(v.map(Number))} data-testid={testId} />
  )
}

export function MultiField({ label, value, onChange, readOnly, options, testId }: Base<string[]> & { options: Option[] }) {
  return <MultiSelect size="xs" label={label} data={options} value={value ?? []} disabled={readOnly} onChange={onChange} data-testid={testId} />
}
