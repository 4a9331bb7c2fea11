import { en } from '../i18n/en'
import { pageTexts } from '../i18n/texts-context'

// The texts of the page editor's canvas (src/web/features/pages), which renders built blocks outside the
// storefront's entries and may import only src/storefront/built/** (docs/decisions/0064-visual-editor.md): it
// provides these around the blocks, which read them with useTexts().

export { TextsContext } from '../i18n/texts-context'

/** The storefront's words on the canvas: English, for now. */
export const canvasTexts = pageTexts('en', en)
