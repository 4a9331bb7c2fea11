import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Frame, Locator, Page } from 'playwright-core'
import { wizardSteps } from '../../src/shared/catalog/wizard'
import { apiGet, apiSignIn, type RunningServer, closeDemoSellerSession, demoSeller, demoSellerSession, type DemoSellerSession } from './harness'

// The visual page editor (docs/decisions/0064-visual-editor.md), as the demo seller: a shop page created in
// the list, two blocks dragged onto the canvas, a title (in its field and in place) and a rich text edited, saved, published, put in use, published again,
// and version 1 restored from the versions drawer; then the product wizard's pages step (docs/reference/readings.md 29)
// creates a product page, opens it in the editor, and offers it once published and in use.

const demo = demoSeller
let session: DemoSellerSession | undefined
let server: RunningServer
let page: Page
let errors: string[]

beforeAll(async () => {
  session = await demoSellerSession()
  ;({ server, page, errors } = session)
})

afterAll(() => closeDemoSellerSession(session))

/** Puck's canvas frame (the preview renders in an iframe, so its media queries follow the chosen viewport). */
async function canvas(): Promise<Frame> {
  let frame: Frame | null = null
  await expect.poll(async () => {
    frame = (await (await page.locator('iframe').first().elementHandle())?.contentFrame()) ?? null
    return frame ? frame.getByTestId('editor-page').count() : 0
  }, { timeout: 20_000 }).toBe(1)
  return frame!
}

/** Drags a palette entry onto the end of the canvas's page with the mouse in small steps, as a person would. */
async function dragIn(kind: string, frame: Frame) {
  const from = (await page.getByTestId(`drawer-item:${kind}`).boundingBox())!
  // Playwright answers a frame's element box in the main page's coordinates, the canvas's zoom included.
  const zoneBox = (await frame.getByTestId('dropzone:root:default-zone').boundingBox())!
  const target = { x: zoneBox.x + zoneBox.width / 2, y: zoneBox.y + zoneBox.height - 4 }
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 15, from.y + from.height / 2 + 5, { steps: 5 })
  await page.mouse.move(target.x, target.y, { steps: 30 })
  await page.waitForTimeout(300)
  await page.mouse.move(target.x, target.y - 2, { steps: 3 })
  await page.mouse.up()
  await page.waitForTimeout(1000)
}

/** A setting's input in Puck's fields panel (Puck keeps a hidden copy of the panel, hence :visible). */
const field = (name: string): Locator => page.locator(`input[name="${name}"]:visible, textarea[name="${name}"]:visible`).first()

describe('the page editor', () => {
  test('create a shop page, add a banner and a text, save, publish, use it, publish again and restore version 1', async () => {
    await page.goto('/cabinet/pages')
    await page.getByTestId('page-new').click()
    await page.getByTestId('page-name').fill('Spring shop')
    await page.getByTestId('page-submit').click()
    await page.waitForURL(/\/cabinet\/pages\/\d+\/edit$/)
    const pageId = Number(/pages\/(\d+)\/edit/.exec(page.url())![1])

    const frame = await canvas()
    await dragIn('banner', frame)
    await expect.poll(() => frame.getByTestId('editor-block-banner').count(), { timeout: 10_000 }).toBe(1)
    await dragIn('text', frame)
    await expect.poll(() => frame.getByTestId('editor-block-text').count(), { timeout: 10_000 }).toBe(1)

    // Select the banner on the canvas and write its title: the canvas shows it with the storefront's renderer.
    await frame.getByTestId('editor-block-banner').click()
    await field('title').fill('Spring sale')
    await expect.poll(() => frame.getByTestId('editor-block-banner').textContent()).toContain('Spring sale')
    // The title is also edited in place on the canvas, and the field follows (docs/decisions/0070-shop-header-and-themes.md).
    await frame.locator('[data-testid="editor-block-banner"] .sf-built-title [contenteditable]').click()
    await page.keyboard.press('End')
    await page.keyboard.type('!')
    await expect.poll(() => field('title').inputValue(), { timeout: 10_000 }).toBe('Spring sale!')
    // A choice reads as words, not as its code ("Default").
    expect(await page.locator('select[title="Font"]:visible option[label="Standard (Montserrat)"]').count()).toBeGreaterThan(0)

    // The text block's rich text, written in its field; the canvas shows it at once.
    await frame.getByTestId('editor-block-text').click()
    await page.locator('[contenteditable="true"]:visible').first().click()
    await page.keyboard.type('Fresh courses for spring.')
    await expect.poll(() => frame.getByTestId('editor-block-text').textContent(), { timeout: 10_000 }).toContain('Fresh courses for spring.')

    await page.getByTestId('editor-save').click()
    const token = (await apiSignIn(server, demo.email, demo.password)).access_token
    await expect.poll(async () => (await apiGet(server, token, `/cabinet/pages/${pageId}`)).revision, { timeout: 10_000 }).toBe(2)
    const saved = await apiGet(server, token, `/cabinet/pages/${pageId}`)
    type Block = { id: string; kind: string; settings: Record<string, unknown> }
    const banner = (doc: { blocks: Block[] }) => doc.blocks.find((b) => b.kind === 'banner')!
    expect(saved.draft.blocks.map((b: Block) => b.kind).sort()).toEqual(['banner', 'text'])
    expect(banner(saved.draft).settings.title).toBe('Spring sale!')
    expect(saved.draft.blocks.find((b: Block) => b.kind === 'text').settings.html).toContain('Fresh courses for spring.')

    // The banner's title in German, in the languages panel beside the canvas, saved with the draft
    // (docs/decisions/0095-product-translations.md, "Built pages' own texts").
    const bannerId = banner(saved.draft).id
    await page.getByTestId('editor-languages').click()
    await page.getByTestId('page-translation-language').click()
    await page.getByRole('option', { name: 'Deutsch' }).click()
    await page.getByTestId('page-translation-add').click()
    await page.getByTestId(`page-translation-${bannerId}-title`).fill('Frühlingsangebot')
    await expect.poll(() => page.getByTestId('page-translation-de').getAttribute('data-state')).toBe('partial') // the text block's text is not given
    await page.getByTestId('languages-done').click()
    await page.getByTestId('editor-save').click()
    await expect.poll(async () => (await apiGet(server, token, `/cabinet/pages/${pageId}`)).revision, { timeout: 10_000 }).toBe(3)
    expect((await apiGet(server, token, `/cabinet/pages/${pageId}`)).draft.translations).toEqual({ de: { [bannerId]: { title: 'Frühlingsangebot' } } })
    // The save's notice goes first: stacked with the next ones it would cover the header's buttons.
    await expect.poll(() => page.getByText('Draft saved.').count(), { timeout: 10_000 }).toBe(0)

    await page.getByTestId('editor-publish').click()
    await expect.poll(() => page.getByTestId('editor-activate').isVisible(), { timeout: 10_000 }).toBe(true)
    await page.getByTestId('editor-activate').click()
    await expect.poll(() => page.getByTestId('editor-active').isVisible(), { timeout: 10_000 }).toBe(true)

    // A second version with another title, then back to version 1.
    await frame.getByTestId('editor-block-banner').click()
    await field('title').fill('Summer sale')
    await page.getByTestId('editor-publish').click()
    await expect.poll(async () => (await apiGet(server, token, `/cabinet/pages/${pageId}`)).published_version, { timeout: 10_000 }).toBe(2)
    // The notices sit over the header's right end, where Versions is since the Languages button came beside it
    // (and one under the pointer stays open).
    await page.mouse.move(10, 400)
    await expect.poll(() => page.getByText('Published as version 2.').count(), { timeout: 10_000 }).toBe(0)

    await page.getByTestId('editor-versions').click()
    await page.getByTestId('version-restore-1').click()
    // The confirmation's own button: the row's "Restore" has the same name, and while the modal was still opening
    // `.last()` could pick the row's, under the modal's overlay (a CI failure).
    await page.getByTestId('confirm-modal').getByTestId('confirm-delete').click()
    await expect.poll(async () => (await apiGet(server, token, `/cabinet/pages/${pageId}`)).published_version, { timeout: 10_000 }).toBe(3)
    const restored = await apiGet(server, token, `/cabinet/pages/${pageId}`)
    expect(restored.versions[0]).toMatchObject({ number: 3, restored_from: 1 })
    expect(restored.active).toBe(true)
    expect(banner(restored.draft).settings.title).toBe('Spring sale!')
    expect(restored.draft.translations).toEqual({ de: { [bannerId]: { title: 'Frühlingsangebot' } } }) // published and restored with the document
    const again = await canvas()
    await expect.poll(() => again.getByTestId('editor-block-banner').textContent(), { timeout: 10_000 }).toContain('Spring sale')

    const list = await apiGet(server, token, '/cabinet/pages?page_type=shop')
    expect(list.list.find((p: { id: number }) => p.id === pageId)).toMatchObject({ active: true, published_version: 3 })
    expect(errors).toEqual([])
  })

  test('the wizard\'s pages step creates the product page, opens the editor and shows the page in use', async () => {
    const token = (await apiSignIn(server, demo.email, demo.password)).access_token
    const product = (await apiGet(server, token, '/cabinet/products?per=1')).list[0] as { id: number; form: Parameters<typeof wizardSteps>[0]; name: string }
    const wizard = `/cabinet/products/${product.id}/edit?step=${wizardSteps(product.form).indexOf('pages') + 1}`
    await page.goto(wizard)
    await page.getByTestId('product-page-create-product').click()
    await page.waitForURL(/\/cabinet\/pages\/\d+\/edit$/)
    const pageId = Number(/pages\/(\d+)\/edit/.exec(page.url())![1])
    expect(await apiGet(server, token, `/cabinet/pages/${pageId}`)).toMatchObject({ page_type: 'product', product_id: product.id })
    const frame = await canvas()
    expect(await page.getByTestId('drawer-item:contact_form').count()).toBe(0)
    await dragIn('gap', frame)
    await expect.poll(() => frame.getByTestId('editor-block-gap').count(), { timeout: 10_000 }).toBe(1)
    await page.getByTestId('editor-publish').click()
    await page.getByTestId('editor-activate').click()
    await expect.poll(() => page.getByTestId('editor-active').isVisible(), { timeout: 10_000 }).toBe(true)

    await page.goto(wizard)
    const select = page.getByTestId('product-page-select-product')
    await expect.poll(() => select.inputValue(), { timeout: 10_000 }).toContain(product.name)
    expect(errors).toEqual([])
  })
})
