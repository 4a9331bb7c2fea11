import { Input, Skeleton } from '@mantine/core'
import { lazy, Suspense, useId } from 'react'

// The one rich text field of the back office (lessons, mail texts; docs/decisions/0043-editor-uploads-and-confirmations.md).
// The editor (TipTap with Mantine's toolbar, about 400 KB) is loaded the first time a page shows one,
// so pages without it do not pay for it. It emits HTML the server sanitises on save
// (docs/decisions/0012-html-sanitiser-allow-list.md); the editable area is labelled by `label`.

const Editor = lazy(() => import('./rich-text/rich-text-editor-impl'))

export type RichTextEditorProps = {
  label: string
  description?: string
  error?: string | undefined
  required?: boolean
  /** HTML; '' for an empty text. */
  value: string
  onChange: (html: string) => void
  /** Put on the editable area (what tests type into). */
  'data-testid'?: string
  minHeight?: number
}

export function RichTextEditor({ label, description, error, required, value, onChange, 'data-testid': testId, minHeight = 120 }: RichTextEditorProps) {
  const id = useId()
  const labelId = `${id}-label`
  const descriptionId = description ? `${id}-description` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <Input.Wrapper
      label={label} description={description} error={error} required={required} labelElement="div"
      labelProps={{ id: labelId }} descriptionProps={{ id: descriptionId }} errorProps={{ id: errorId }}
    >
      <Suspense fallback={<Skeleton height={minHeight + 44} radius="sm" aria-busy="true" aria-labelledby={labelId} />}>
        <Editor value={value} onChange={onChange} labelId={labelId} describedBy={describedBy} invalid={Boolean(error)} testId={testId} minHeight={minHeight} />
      </Suspense>
    </Input.Wrapper>
  )
}
