import { StrictMode, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { documentHtml } from './document'
import { pages } from './pages'
import BuiltPageView from './pages/built-page'
import { BrandingContext } from './lib/branding'
import { interactivePages, type PageName, type RenderInput } from './props'
import { TextsContext, pageTexts } from './i18n/texts-context'
import { storefrontTextsFor } from './i18n/locales'

// The storefront's server entry, built by `vite build -c vite.storefront.config.ts --ssr` into
// dist/storefront/server/entry-server.js and loaded by src/server/plugins/storefront.ts. Everything the
// server needs from the storefront goes through these exports, so the server never imports its source.

export { interactivePages } from './props'
export { orderInputFromValues, selectionFromValues, valuesFromEntries, fields as checkoutFields } from './lib/checkout-form'
export { serializeJsonForScript, escapeHtml } from './lib/escape'
export { markSvg } from './lib/marks'
// The consent banner and the consented tracking, written per answer (docs/decisions/0074-tracking-with-consent.md).
export { consentHtml } from './tracking/consent-banner'
// Built pages (docs/decisions/0059-page-blocks.md), for the server that will serve them.
export { BuiltPage, renderBlock } from './built/built-page'
export { emptyBuiltPageData } from './built/built-data'
// The storefront's languages and words, for the server's own messages (docs/decisions/0094-storefront-languages.md).
export { storefrontLocales, storefrontTextsFor } from './i18n/locales'
export { fill as fillText } from './i18n/format'

/**
 * A built page as a whole HTML document, or the reasons it cannot be shown: a block that throws or a render
 * that fails makes the server fall back to the default layout (docs/decisions/0065-serving-built-pages.md).
 */
export function renderBuiltPage(input: RenderInput<'built'>): { html: string | null; errors: { block: { id: string; kind: string } | null; error: unknown }[] } {
  const errors: { block: { id: string; kind: string } | null; error: unknown }[] = []
  try {
    const onBlockError = (block: { id: string; kind: string }, error: unknown) => { errors.push({ block, error }) }
    const locale = input.locale ?? 'en'
    const body = renderToString(<StrictMode><TextsContext.Provider value={pageTexts(locale, storefrontTextsFor(locale), input.languages)}><BuiltPageView {...input.props} onBlockError={onBlockError} /></TextsContext.Provider></StrictMode>)
    return errors.length > 0 ? { html: null, errors } : { html: documentHtml(input, body, false), errors }
  } catch (error) {
    errors.push({ block: null, error })
    return { html: null, errors }
  }
}

export function isInteractive(page: PageName): boolean {
  return (interactivePages as readonly string[]).includes(page)
}

/** The page as a whole HTML document. */
export function renderPage(input: RenderInput): string {
  const Page = pages[input.page] as ComponentType<unknown>
  const locale = input.locale ?? 'en'
  const body = renderToString(
    <StrictMode>
      <TextsContext.Provider value={pageTexts(locale, storefrontTextsFor(locale), input.languages)}>
        <BrandingContext.Provider value={input.branding ?? null}><Page {...(input.props as object)} /></BrandingContext.Provider>
      </TextsContext.Provider>
    </StrictMode>,
  )
  return documentHtml(input, body, isInteractive(input.page))
}
