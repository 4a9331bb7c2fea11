import '@mantine/tiptap/styles.css'
import { Link, RichTextEditor } from '@mantine/tiptap'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isAllowedHref, richTextHeadingLevels } from '../../../shared/html/rich-text'

// The editor itself, loaded only by pages that show one (rich-text-editor.tsx). It offers only what the
// server's sanitiser keeps (docs/decisions/0012-html-sanitiser-allow-list.md): paragraphs, bold, italic,
// underline, strike, inline code, headings 2 to 4, lists, quotes, rules and http/https/mailto/relative links.

export type RichTextEditorImplProps = {
  value: string
  onChange: (html: string) => void
  labelId: string
  describedBy: string | undefined
  invalid: boolean
  testId: string | undefined
  minHeight: number
}

/** The editor's HTML, with an empty document as '' (not '<p></p>'). */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML()
}

export default function RichTextEditorImpl({ value, onChange, labelId, describedBy, invalid, testId, minHeight }: RichTextEditorImplProps) {
  const { t } = useTranslation()
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [...richTextHeadingLevels] }, link: false, codeBlock: false }),
      Link.configure({ openOnClick: false, isAllowedUri: (url) => isAllowedHref(url), HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' } }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
  })
  // a value set from outside (loaded settings, a reset) replaces the document; the editor's own
  // changes come back equal and are left alone
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  const labels = {
    boldControlLabel: t('richText.bold'), italicControlLabel: t('richText.italic'), underlineControlLabel: t('richText.underline'),
    strikeControlLabel: t('richText.strike'), codeControlLabel: t('richText.code'), clearFormattingControlLabel: t('richText.clearFormatting'),
    h2ControlLabel: t('richText.h2'), h3ControlLabel: t('richText.h3'), h4ControlLabel: t('richText.h4'),
    bulletListControlLabel: t('richText.bulletList'), orderedListControlLabel: t('richText.orderedList'),
    blockquoteControlLabel: t('richText.blockquote'), hrControlLabel: t('richText.hr'),
    linkControlLabel: t('richText.link'), unlinkControlLabel: t('richText.unlink'),
    linkEditorInputLabel: t('richText.linkUrl'), linkEditorInputPlaceholder: 'https://example.com/',
    linkEditorExternalLink: t('richText.linkExternal'), linkEditorInternalLink: t('richText.linkInternal'), linkEditorSave: t('richText.linkSave'),
    undoControlLabel: t('richText.undo'), redoControlLabel: t('richText.redo'),
  }
  return (
    <RichTextEditor editor={editor} labels={labels} data-invalid={invalid || undefined}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
      <RichTextEditor.Toolbar aria-label={t('richText.toolbar')}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.Code />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  )
}
