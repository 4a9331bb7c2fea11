import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import type { PageDocument } from '../../shared/pages/page-blocks'
import { mergePageTheme, themeKindsFor } from '../../shared/pages/page-theme'
import { defaultBlockSettings, pageDocumentSchema } from '../../shared/schemas/page-blocks'
import { blockStyle, buttonStyle, pageStyle, themeStyle } from './block-style'
import { en } from '../i18n/en'
import { pageTexts, TextsContext } from '../i18n/texts-context'
import { emptyBuiltPageData, type BuiltPageData } from './built-data'
import { BuiltPage } from './built-page'

// The shop header's language switcher and cancel-subscription link, and the applied theme as CSS
// (docs/decisions/0070-shop-header-and-themes.md).

const base = emptyBuiltPageData({ seller: { username: 'demo', name: 'Demo Studio' }, pageUrl: 'https://shop.example/s/demo/course', cancelSubscriptionUrl: '/payer/s/4#payer-payments' })
const render = (document: PageDocument, data: BuiltPageData = base) => renderToStaticMarkup(createElement(TextsContext.Provider, { value: pageTexts('en', en) }, createElement(BuiltPage, { document, data })))
const header = (settings: Record<string, unknown>) => pageDocumentSchema('shop').parse({ blocks: [{ id: 'h', kind: 'header', settings }] })

describe('the header', () => {
  test('the language switcher: off renders nothing; on, a link per language of the shop to this page, each in its own name, the current one marked', () => {
    expect(render(header({}))).not.toContain('built-languages')
    const html = renderToStaticMarkup(createElement(TextsContext.Provider, { value: pageTexts('pt_br', en, ['de', 'pt_br', 'ar']) }, createElement(BuiltPage, { document: header({ language_switcher: true }), data: base })))
    expect(html).toContain('data-testid="built-languages"')
    expect(html).toContain('href="/s/demo/course?lang=de" hrefLang="de" lang="de">Deutsch</a>')
    expect(html).toContain('href="/s/demo/course?lang=pt_br" hrefLang="pt-BR" lang="pt-BR" aria-current="true">Português (Brasil)</a>')
    expect(html).toContain('href="/s/demo/course?lang=ar" hrefLang="ar" lang="ar">العربية</a>')
    expect(html).not.toContain('<script')
  })

  test('without the shop\'s list (the editor\'s canvas) the switcher shows the page\'s language', () => {
    const html = render(header({ language_switcher: true }))
    expect(html).toContain('aria-current="true">English</a>')
  })

  test('the switcher needs the page address: without one it renders nothing', () => {
    expect(render(header({ language_switcher: true }), { ...base, pageUrl: null })).not.toContain('built-languages')
  })

  test('the cancel-subscription link: only when the setting is on, to the payer area page of this seller', () => {
    expect(render(header({}))).not.toContain('built-cancel-subscription')
    const html = render(header({ show_cancel_subscription: true }))
    expect(html).toContain('<a class="sf-built-header__cancel" href="/payer/s/4#payer-payments" data-testid="built-cancel-subscription">Cancel subscription</a>')
    expect(render(header({ show_cancel_subscription: true }), { ...base, cancelSubscriptionUrl: 'javascript:alert(1)' })).not.toContain('built-cancel-subscription')
    expect(render(header({ show_cancel_subscription: true }), { ...base, cancelSubscriptionUrl: null })).not.toContain('built-cancel-subscription')
  })
})

describe('the theme as CSS', () => {
  test('colours, fonts and sizes become custom properties; bad values are left out', () => {
    const vars = themeStyle({
      backgroundColor: '#f2f2f2', fontColor: '#424242', buttonColor: '#1e88e5', buttonTextColor: 'red', productColor: '#fff;}',
      productFont: 'serif', menuFont: 'Brand "Sans"</style>', priceSize: 500, descriptionSize: 14, buttonSize: -1,
    })
    expect(vars).toEqual({
      '--sf-theme-background': '#f2f2f2', '--sf-theme-text': '#424242', '--sf-theme-button': '#1e88e5',
      '--sf-theme-product-font': 'Georgia, "Times New Roman", serif',
      '--sf-theme-menu-font': '"Brand \\22 Sans\\22 \\3c \\2f style\\3e ", \'Montserrat\', sans-serif',
      '--sf-theme-price-size': '120px', '--sf-theme-description-size': '14px',
    })
    expect(themeStyle(undefined)).toEqual({})
  })

  test('the page takes the theme as its background and text colour; its own settings win', () => {
    const theme = { backgroundColor: '#f2f2f2', fontColor: '#424242' }
    expect(pageStyle({ background_color: null, text_color: '#000000', font_family: 'default' }, theme)).toMatchObject({ background: '#f2f2f2', color: '#424242', '--sf-theme-text': '#424242' })
    expect(pageStyle({ background_color: '#ffffff', text_color: '#e53935', font_family: 'default' }, theme)).toMatchObject({ background: '#ffffff', color: '#e53935' })
    expect(pageStyle({ background_color: null, text_color: '#000000', font_family: 'default' })).toMatchObject({ background: undefined, color: '#000000' })
  })

  test('a block at its defaults yields to the theme; a colour, font or size the seller chose wins inside the block', () => {
    const plain = blockStyle('products', defaultBlockSettings('products'))
    expect(plain.color).toBe('var(--sf-theme-text, #000000)')
    expect(plain).not.toHaveProperty('--sf-theme-product')
    const own = blockStyle('products', { ...defaultBlockSettings('products'), text_color: '#8e24aa', font_family: 'monospace', font_size: 18 }) as Record<string, unknown>
    expect(own.color).toBe('#8e24aa')
    expect(own['--sf-theme-product']).toBe('#8e24aa')
    expect(own['--sf-theme-price']).toBe('#8e24aa')
    expect(own['--sf-theme-product-font']).toBe('ui-monospace, Menlo, Consolas, monospace')
    expect(own['--sf-theme-product-size']).toBe('18px')
  })

  test('a button at the default colours takes the theme\'s; its own colours win', () => {
    const b = defaultBlockSettings('button').button
    expect(buttonStyle(b)).toMatchObject({ '--sf-bb-color': 'var(--sf-theme-button, #ffc107)', '--sf-bb-text': 'var(--sf-theme-button-text, #000000)' })
    expect(buttonStyle({ ...b, color: '#43a047', text_color: '#ffffff' })).toMatchObject({ '--sf-bb-color': '#43a047', '--sf-bb-text': '#ffffff' })
  })

  test('rendered: the theme sits on the page, the seller\'s font stylesheet is linked only for a font of their own', () => {
    const document = pageDocumentSchema('shop').parse({ blocks: [{ id: 'b', kind: 'button', settings: { button: { text: 'Go', type: 'customLink', url: '/s/demo' } } }] })
    const themed = render(document, { ...base, theme: { buttonColor: '#1e88e5', backgroundColor: '#f2f2f2' }, fontsStylesheet: '/fonts/sellers/4.css' })
    expect(themed).toContain('--sf-theme-button:#1e88e5')
    expect(themed).toContain('background:#f2f2f2')
    expect(themed).toContain('--sf-bb-color:var(--sf-theme-button, #ffc107)')
    expect(themed).not.toContain('built-fonts')
    const ownFont = render(document, { ...base, theme: { buttonFont: 'Brand Sans' }, fontsStylesheet: '/fonts/sellers/4.css' })
    expect(ownFont).toContain('<link rel="stylesheet" href="/fonts/sellers/4.css" data-testid="built-fonts"/>')
    expect(render(document, { ...base, theme: { buttonFont: 'Brand Sans' }, fontsStylesheet: 'https://evil.example/x.css' })).not.toContain('built-fonts')
    // without a theme no property is set: the fallbacks are the block's defaults, as before
    expect(render(document)).not.toMatch(/--sf-theme-[a-z-]+:/)
  })

  test('the page types take the shop theme first, then their own kind\'s, key by key', () => {
    expect(themeKindsFor.shop).toEqual(['ShopTheme'])
    expect(themeKindsFor.product).toEqual(['ShopTheme', 'Product'])
    expect(themeKindsFor.funnel).toEqual(['ShopTheme', 'Funnel'])
    expect(themeKindsFor.affiliate).toEqual(['ShopTheme', 'AffiliateLanding'])
    expect(themeKindsFor.thank_you_page).toEqual(['ShopTheme', 'PaymentPageTemplate'])
    expect(mergePageTheme([{ buttonColor: '#111111', fontColor: '#222222', view: 'list' }, null, { buttonColor: '#333333', other: { x: 1 } }]))
      .toEqual({ buttonColor: '#333333', fontColor: '#222222' })
  })
})
