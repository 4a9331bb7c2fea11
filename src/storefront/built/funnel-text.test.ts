import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import type { PageDocument } from '../../shared/pages/page-blocks'
import { pageDocumentSchema } from '../../shared/schemas/page-blocks'
import { en } from '../i18n/en'
import { pageTexts, TextsContext } from '../i18n/texts-context'
import { emptyBuiltPageData, type BuiltPageData } from './built-data'
import { BuiltPage } from './built-page'

// A funnel page's blocks with the order that led there and the offer (docs/decisions/0071-funnel-gaps.md):
// "Thank you {first name}, add X for Y", the plan sold, and the payer's words escaped.

const plan = { id: 31, name: 'Single call', form: 'one_time', amount: 3_000, currency: 'eur' }
const data = (first = 'Pat'): BuiltPageData => emptyBuiltPageData({
  seller: { username: 'demo', name: 'Demo' }, pageProductId: 7,
  products: { 7: { id: 7, name: 'Coaching call', url: '/s/demo/call', checkout_url: '/s/demo/call?pricing_plan_id=31&funnel_offer=1.2.x', cover_url: null, display_price: 3_000, display_old_price: null, currency: 'eur', description: null, category: null } },
  funnel: {
    accept_action: '', decline_url: '/s/demo/payment/tok/funnel/2/decline', checkout_url: '/s/demo/call?pricing_plan_id=31&funnel_offer=1.2.x',
    order: { first_name: first, items: ['Main course', 'Workbook'], amount: 5_000, currency: 'eur' },
    offer: { kind: 'upsell', product_id: 7, headline: 'Wait!', plan, plans: [plan] },
  },
})
const page = (blocks: unknown[]): PageDocument => pageDocumentSchema('funnel').parse({ blocks }) as PageDocument
const render = (document: PageDocument, d: BuiltPageData) => renderToStaticMarkup(createElement(TextsContext.Provider, { value: pageTexts('en', en) }, createElement(BuiltPage, { document, data: d })))

describe('funnel page blocks', () => {
  test('without a title: thanks by first name, the offer with its price, what was bought, the plan; Buy opens the offer\'s checkout', () => {
    const html = render(page([{ id: 'f', kind: 'funnel', settings: {} }, { id: 'p', kind: 'funnel_product', settings: {} }]), data())
    expect(html).toContain('Thank you, Pat!')
    expect(html).toMatch(/Add Coaching call for 30[.,]00/)
    expect(html).toMatch(/Main course, Workbook · 50[.,]00/)
    expect(html).toContain('Wait!')
    expect(html).toMatch(/Single call: 30[.,]00/)
    expect(html).toContain('href="/s/demo/call?pricing_plan_id=31&amp;funnel_offer=1.2.x"')
    expect(html).toContain('href="/s/demo/payment/tok/funnel/2/decline"')
    expect(html).not.toContain('<script')
  })

  test('placeholders in the title and text are filled; the payer\'s name is text, never markup', () => {
    const blocks = [{ id: 'f', kind: 'funnel', settings: { title: 'Thank you {first_name}, add {product} for {price}', text: 'You bought {order} for {order_amount}. {unknown}' } }]
    const html = render(page(blocks), data('<img src=x onerror=alert(1)>'))
    expect(html).toMatch(/Thank you &lt;img src=x onerror=alert\(1\)&gt;, add Coaching call for 30[.,]00/)
    expect(html).toMatch(/You bought Main course, Workbook for 50[.,]00.*\{unknown\}/)
    expect(html).not.toContain('<img src=x')
  })

  test('outside a funnel (the editor\'s preview) the block shows its own words only', () => {
    const html = render(page([{ id: 'f', kind: 'funnel', settings: { title: 'Hello {first_name}' } }]), emptyBuiltPageData())
    expect(html).toContain('Hello ')
    expect(html).not.toContain('Thank you')
  })
})
