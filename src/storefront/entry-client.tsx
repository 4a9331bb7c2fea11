import { StrictMode, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { propsElementId, rootElementId, type PageName } from './props'
import { BrandingContext, type Branding } from './lib/branding'
import { TextsContext, pageTexts } from './i18n/texts-context'
import type { StorefrontTexts } from './i18n/en'
import type { LocaleCode } from '../shared/schemas/accounts'
import './styles/storefront.css'
import './styles/built.css'

// The storefront's browser entry: reads the page's props from <script id="sf-props">, loads that page's
// module (only the pages that need JavaScript have one here) and hydrates the server's HTML.

const loaders: Partial<Record<PageName, () => Promise<{ default: ComponentType<any> }>>> = {
  product: () => import('./pages/product-page'),
  success: () => import('./pages/success-page'),
  sandbox: () => import('./pages/sandbox-page'),
  live: () => import('./pages/live-page'),
}

async function start() {
  const element = document.getElementById(propsElementId)
  const root = document.getElementById(rootElementId)
  if (!element || !root) return
  const { page, props, branding, locale, texts, languages } = JSON.parse(element.textContent ?? '{}') as {
    page: PageName; props: object; branding?: Branding | null; locale?: LocaleCode; texts: StorefrontTexts; languages?: LocaleCode[]
  }
  const load = loaders[page]
  if (!load) return
  const { default: Page } = await load()
  hydrateRoot(root, (
    <StrictMode>
      <TextsContext.Provider value={pageTexts(locale ?? 'en', texts, languages)}>
        <BrandingContext.Provider value={branding ?? null}><Page {...props} /></BrandingContext.Provider>
      </TextsContext.Provider>
    </StrictMode>
  ))
}

void start()
