import { Group, Select, type SelectProps } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useState, type FocusEvent } from 'react'
import { useTranslation } from 'react-i18next'

// docs/reference/catalogue-and-selling.md and accounts-and-orders.md §5: searchable by default, not clearable, not required. When required and left
// empty on blur it shows a configurable required message with a warning icon; the message clears once
// an option is picked. An invalid field with error text shows that text.
export type SelectFieldProps = Omit<SelectProps, 'error'> & {
  /** Error text from validation or the server; shown instead of the required message. */
  error?: string | null
  /** Text shown when a required select is left empty. */
  requiredMessage?: string
}

function ErrorText({ text }: { text: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <IconAlertTriangle size={14} aria-hidden />
      <span>{text}</span>
    </Group>
  )
}

export function SelectField({
  searchable = true,
  clearable = false,
  required = false,
  requiredMessage,
  error,
  value,
  onChange,
  onBlur,
  ...props
}: SelectFieldProps) {
  const { t } = useTranslation()
  const [missing, setMissing] = useState(false)

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (required && (value === null || value === undefined || value === '')) setMissing(true)
    onBlur?.(event)
  }

  const message = error ? error : missing ? (requiredMessage ?? t('validation.required')) : null

  return (
    <Select
      {...props}
      value={value}
      searchable={searchable}
      clearable={clearable}
      required={required}
      allowDeselect={!required && clearable}
      nothingFoundMessage={props.nothingFoundMessage ?? t('common.nothingFound')}
      onChange={(next, option) => {
        if (next !== null && next !== '') setMissing(false)
        onChange?.(next, option)
      }}
      onBlur={handleBlur}
      error={message ? <ErrorText text={message} /> : undefined}
    />
  )
}
