import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { type RunningServer, createProductInWizard, closeDemoSellerSession, demoSellerSession, type DemoSellerSession } from './harness'

// The catalogue's extras in Chromium against the real server, as the demo seller: the category tree
// (create, nest and reorder by drag and drop, kept after a reload), a shop category with a colour, a
// cover cropped to 16:9 before upload, a product discount with its live price, a lesson quiz
// question kept after a reload, and the demo event's ticket design with its PDF preview.

let session: DemoSellerSession | undefined
const run = Date.now().toString(36)
let server: RunningServer
let page: Page
let errors: string[]

beforeAll(async () => {
  session = await demoSellerSession()
  ;({ server, page, errors } = session)
})

afterAll(() => closeDemoSellerSession(session))

const createProduct = (form: string, name: string) => createProductInWizard(page, form, name)

/** The tree as shown: "name@depth" per row, in order. */
async function treeRows(): Promise<string[]> {
  return page.getByTestId('category-row').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-name')}@${r.getAttribute('data-depth')}`))
}

const row = (name: string) => page.locator(`[data-testid="category-row"][data-name="${name}"]`)

async function dropOn(source: string, target: string, place: 'before' | 'inside') {
  const saved = page.waitForResponse((res) => res.url().endsWith('/cabinet/categories/reorder') && res.request().method() === 'POST')
  const box = (await row(target).boundingBox())!
  await row(source).dragTo(row(target), { targetPosition: { x: 40, y: place === 'before' ? 2 : box.height / 2 } })
  expect((await saved).status()).toBe(200)
}

describe('categories', () => {
  test('a tree made, nested and reordered by drag and drop keeps its order after a reload', async () => {
    const [a, b, c] = [`Alpha ${run}`, `Beta ${run}`, `Gamma ${run}`]
    await page.goto('/cabinet/products')
    await page.getByTestId('open-categories').click()
    await page.waitForURL('**/cabinet/products/categories')
    for (const name of [a, b, c]) {
      await page.getByTestId('category-name').fill(name)
      await page.getByTestId('category-add').click()
      await row(name).waitFor()
    }
    expect(await treeRows()).toEqual([`${a}@0`, `${b}@0`, `${c}@0`])

    await dropOn(c, a, 'inside')
    await expect.poll(treeRows).toEqual([`${a}@0`, `${c}@1`, `${b}@0`])
    await dropOn(b, a, 'before')
    await expect.poll(treeRows).toEqual([`${b}@0`, `${a}@0`, `${c}@1`])

    // the keyboard way: Beta one place down, then back up
    await row(b).getByTestId('category-down').click()
    await expect.poll(treeRows).toEqual([`${a}@0`, `${c}@1`, `${b}@0`])
    await row(b).getByTestId('category-up').click()
    await expect.poll(treeRows).toEqual([`${b}@0`, `${a}@0`, `${c}@1`])
    await expect.poll(() => page.getByTestId('category-tree').getAttribute('data-saving')).toBe('false')

    await page.reload()
    await row(c).waitFor()
    expect(await treeRows()).toEqual([`${b}@0`, `${a}@0`, `${c}@1`])
    expect(errors).toEqual([])
  })

  test('a shop category with a colour and a product', async () => {
    await page.goto('/cabinet/products/categories?tab=shop')
    await page.getByTestId('shop-category-new').click()
    await page.getByTestId('shop-category-title').fill(`Bestsellers ${run}`)
    await page.getByTestId('shop-category-color').fill('#1c7ed6')
    await page.keyboard.press('Tab')
    await page.getByTestId('shop-category-products').click()
    await page.getByRole('option').first().click()
    await page.keyboard.press('Escape')
    // its title in German too (docs/decisions/0095-product-translations.md)
    await page.getByTestId('shop-category-translation-language').click()
    await page.getByRole('option', { name: 'Deutsch' }).click()
    await page.getByTestId('shop-category-translation-add').click()
    await page.getByTestId('shop-category-translation-title-de').fill(`Bestseller ${run}`)
    await page.getByTestId('shop-category-save').click()
    const saved = page.getByTestId('shop-category-row').filter({ hasText: `Bestsellers ${run}` })
    await saved.waitFor()
    expect(await saved.getAttribute('data-color')).toBe('#1c7ed6')
    await page.reload()
    await saved.waitFor()
    expect(await saved.textContent()).toContain('#1c7ed6')
    await saved.locator('button').first().click()
    expect(await page.getByTestId('shop-category-translation-title-de').inputValue()).toBe(`Bestseller ${run}`)
    expect(errors).toEqual([])
  })
})

describe('covers', () => {
  test('an image cropped to 16:9 before upload has 16:9 variants', async () => {
    await createProduct('digital', `Cropped ${run}`)
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } }).png().toBuffer()
    await page.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: image })
    await page.getByTestId('cover-crop-box').waitFor()
    await expect.poll(() => page.getByTestId('crop-width').inputValue()).toBe('800')
    expect(await page.getByTestId('crop-height').inputValue()).toBe('450')
    await page.getByTestId('crop-width').fill('640')
    await expect.poll(() => page.getByTestId('crop-height').inputValue()).toBe('360')
    await page.getByTestId('cover-upload').click()
    const card = page.getByTestId('cover-card')
    await card.waitFor()
    expect(await card.getAttribute('data-width')).toBe('640')
    expect(await card.getAttribute('data-height')).toBe('360')
    expect(await card.getByTestId('cover-size').textContent()).toBe('640 × 360')
    // the s300 variant the card shows is 300 px wide and keeps the ratio
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : ''))).toBe('300x169')
    const variant = await card.getByTestId('cover-variant').getAttribute('href')
    const res = await fetch(new URL(variant!, server.url))
    expect(res.status).toBe(200)
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([640, 360])
    expect(errors).toEqual([])
  })
})

describe('discounts', () => {
  test('a 20 % discount shows the discounted price live and is kept', async () => {
    const id = await createProduct('digital', `Discounted ${run}`)
    await page.goto(`/cabinet/products/${id}/edit?step=2`)
    await page.getByTestId('plan-add').click()
    await page.getByTestId('plan-price').fill('49,00')
    await page.getByTestId('plan-save').click()
    await page.getByTestId('plan-row').first().waitFor()
    const section = page.getByTestId('discount-section')
    // a new product's discount starts switched off
    expect(await section.getByTestId('discount-active').isChecked()).toBe(false)
    await section.getByTestId('discount-active').check()
    await section.getByTestId('discount-value').fill('20')
    await expect.poll(() => section.getByTestId('discount-after').first().textContent()).toBe('39,20€')
    await section.getByTestId('discount-limit').fill('10')
    await section.getByTestId('discount-save').click()
    await expect.poll(() => section.getByTestId('discount-state').textContent()).toBe('Applies now')
    await page.reload()
    await expect.poll(() => page.getByTestId('discount-value').inputValue()).toBe('20')
    expect(await page.getByTestId('discount-limit').inputValue()).toBe('10')
    expect(await page.getByTestId('discount-orders').textContent()).toBe('Orders that used it so far: 0')
    expect(errors).toEqual([])
  })
})

describe('lessons', () => {
  test('a quiz question and an attached PDF are kept after a reload', async () => {
    const id = await createProduct('course', `Quiz course ${run}`)
    await page.goto(`/cabinet/products/${id}/edit?step=2`)
    await page.getByTestId('module-title').fill('Basics')
    await page.getByTestId('module-add').click()
    await page.getByTestId('course-module').waitFor()
    await page.getByTestId('lesson-title').fill('Welcome')
    await page.getByTestId('lesson-add').click()
    await page.getByTestId('course-lesson').waitFor()

    await page.getByTestId('lesson-edit').click()
    const editor = page.getByTestId('lesson-editor')
    // the lesson text is written in the rich text editor, found by its label; bold comes from the toolbar
    const text = editor.getByRole('textbox', { name: 'Lesson text' })
    await text.click()
    await page.keyboard.type('Read this first. ')
    await editor.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('Important')
    await editor.locator('input[type=file]').setInputFiles({ name: 'handout.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e handout\n') })
    await editor.getByTestId('lesson-media').filter({ hasText: 'handout.pdf' }).waitFor()
    await editor.getByTestId('quiz-enabled').check()
    await editor.getByTestId('question-text').fill('What is 2 + 2?')
    await editor.getByTestId('option-text').nth(0).fill('4')
    await editor.getByTestId('option-text').nth(1).fill('5')
    await editor.getByTestId('question-points').fill('3')
    await editor.getByTestId('lesson-save').click()
    await page.getByTestId('lesson-quiz-badge').waitFor()

    await page.reload()
    await expect.poll(() => page.getByTestId('lesson-quiz-badge').textContent()).toBe('Quiz (1)')
    await page.getByTestId('lesson-edit').click()
    expect(await page.getByTestId('question-text').inputValue()).toBe('What is 2 + 2?')
    expect(await page.getByTestId('option-text').nth(0).inputValue()).toBe('4')
    expect(await page.getByTestId('question-points').inputValue()).toBe('3')
    expect(await page.getByTestId('option-correct').nth(0).isChecked()).toBe(true)
    expect(await page.getByTestId('lesson-media').textContent()).toContain('handout.pdf')
    // what the editor wrote passed the server's sanitiser unchanged in meaning and loads back formatted
    await expect.poll(() => page.getByTestId('lesson-editor-text').innerHTML()).toBe('<p>Read this first. <strong>Important</strong></p>')
    expect(errors).toEqual([])
  })
})

describe('delivery mail', () => {
  test('an older plain-text mail opens as paragraphs in the editor and is saved as sanitised HTML with its formatting', async () => {
    const id = await createProduct('digital', `Mail ${run}`)
    // a text written before the editor existed: plain text with a blank line between paragraphs
    await page.evaluate(async (productId) => {
      await (window as any).__sf.api.put(`/cabinet/products/${productId}/delivery`, { emailMode: 'custom_email', customSubject: 'Hi {first_name}', customBody: 'Hello {first_name},\n\nthanks & welcome' })
    }, id)
    await page.goto(`/cabinet/products/${id}/edit?step=4`)
    const section = page.getByTestId('delivery-email-section')
    const body = section.getByRole('textbox', { name: 'Mail text' })
    await expect.poll(() => page.getByTestId('delivery-body').innerHTML()).toBe('<p>Hello {first_name},</p><p>thanks &amp; welcome</p>')
    // the caret at the end of the last paragraph, checked before typing: a click that lands while the editor
    // still sets its content leaves the caret at the start
    const last = body.locator('p').last()
    await expect.poll(async () => {
      await last.click()
      await page.keyboard.press('End')
      return last.evaluate((p) => {
        const selection = document.getSelection()
        return !!selection?.anchorNode && p.contains(selection.anchorNode) && selection.anchorOffset === (selection.anchorNode.textContent ?? '').length
      })
    }).toBe(true)
    await page.keyboard.press('Enter')
    await section.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('See you')
    await section.getByTestId('delivery-save').click()
    await expect.poll(() => page.evaluate(async (productId) => ((await (window as any).__sf.api.get(`/cabinet/products/${productId}/delivery`)) as { customBody: string }).customBody, id))
      .toBe('<p>Hello {first_name},</p><p>thanks &amp; welcome</p><p><strong>See you</strong></p>')
    expect(errors).toEqual([])
  })
})

describe('ticket design', () => {
  test('the demo event saves a ticket design and its PDF preview loads again after the save', async () => {
    const id = await page.evaluate(async () => {
      const tokens = JSON.parse(localStorage.getItem('sf.tokens') ?? '{}') as { accessToken?: string }
      const res = await fetch('/api/v1/cabinet/products?query=Summer%20workshop', { headers: { Authorization: `Bearer ${tokens.accessToken}` } })
      return ((await res.json()) as { list: { id: number; form: string }[] }).list.find((p) => p.form === 'eventTickets')!.id
    })
    const refused: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && /Refused|Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    const isPreview = (res: { url(): string; request(): { method(): string } }) => res.url().endsWith(`/cabinet/products/${id}/ticket_design/preview.pdf`) && res.request().method() === 'GET'
    const firstPreview = page.waitForResponse(isPreview)
    await page.goto(`/cabinet/products/${id}/edit?step=3`)
    const first = await firstPreview
    expect(first.status()).toBe(200)
    expect(first.headers()['content-type']).toBe('application/pdf')
    await expect.poll(() => page.getByTestId('ticket-preview-frame').getAttribute('src')).toMatch(/^blob:/)
    // the demo design: A6 landscape, QR code, no price
    expect(await page.getByTestId('ticket-field-price').isChecked()).toBe(false)

    const footer = `Gates open at 9:00 (${run})`
    await page.getByTestId('ticket-footer').fill(footer)
    await page.getByTestId('ticket-field-price').check()
    const saved = page.waitForResponse((res) => res.url().endsWith(`/cabinet/products/${id}/ticket_design`) && res.request().method() === 'PUT')
    const nextPreview = page.waitForResponse(isPreview)
    await page.getByTestId('step-save').click()
    expect((await saved).status()).toBe(200)
    const next = await nextPreview
    expect(next.status()).toBe(200)
    expect(next.headers()['content-type']).toBe('application/pdf')
    // Chromium hands no body of a fetch read as a Blob to the test; its size is in the headers.
    expect(Number(next.headers()['content-length'])).toBeGreaterThan(1000)
    await page.getByTestId('step-saved').waitFor()
    await expect.poll(() => page.getByTestId('ticket-preview').getAttribute('data-state')).toBe('ready')

    await page.reload()
    await expect.poll(() => page.getByTestId('ticket-footer').inputValue()).toBe(footer)
    expect(await page.getByTestId('ticket-field-price').isChecked()).toBe(true)
    expect(refused).toEqual([])
    expect(errors).toEqual([])
  })
})
