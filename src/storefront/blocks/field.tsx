import type { ChangeEventHandler, HTMLInputTypeAttribute } from 'react'

// Labelled inputs whose entered value survives a server round trip (defaultValue from the props) and whose
// error, when the API named this field, sits under it.

export const fieldId = (name: string) => `sf-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`

type FieldProps = {
  name: string
  label: string
  value?: string
  error?: string | null
  required?: boolean
  type?: HTMLInputTypeAttribute
  autoComplete?: string
  maxLength?: number
  form?: string
  onChange?: ChangeEventHandler<HTMLInputElement>
}

export function TextField({ name, label, value, error, required, type = 'text', autoComplete, maxLength, form, onChange }: FieldProps) {
  const id = fieldId(name)
  return (
    <div className={`sf-field${error ? ' sf-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}{required ? <span className="sf-required" aria-hidden="true"> *</span> : null}</label>
      <input
        id={id} name={name} type={type} defaultValue={value ?? ''} required={required} autoComplete={autoComplete}
        maxLength={maxLength} form={form} onChange={onChange}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <p className="sf-field__error" id={`${id}-error`}>{error}</p>}
    </div>
  )
}

export function FieldError({ name, error }: { name: string; error?: string | null }) {
  return error ? <p className="sf-field__error" id={`${fieldId(name)}-error`}>{error}</p> : null
}
