import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

// The accessibility check the browser tests share (axe-core): the critical and serious violations of the page
// once it has settled. A drawer or modal that is still fading in has its text at part opacity, which axe reads as
// too little contrast; a check run then failed depending on how fast the data came (a money-out drawer, and the
// dashboard's once: docs/decisions/0098-browser-test-files-two-at-a-time.md).

/** Waits (at most 3 s) until no finite CSS animation or transition is running; endless ones (spinners) are left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => {
    const end = animation.effect?.getComputedTiming().endTime
    return animation.playState !== 'running' || end === undefined || end === Infinity
  }), null, { timeout: 3_000, polling: 50 }).catch(() => undefined)
}

/** The critical and serious violations on the settled page, one readable line each. */
export async function seriousViolations(page: Page, options: { dump?: string } = {}): Promise<string[]> {
  await settled(page)
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
  if (options.dump) {
    const { appendFileSync } = await import('node:fs')
    for (const v of serious) {
      for (const n of v.nodes) appendFileSync(options.dump, `${page.url()} ${v.id} ${n.target.join(' ')} :: ${n.html.slice(0, 160)} :: ${(n.any[0]?.message ?? n.all[0]?.message ?? '').slice(0, 200)}\n`)
    }
  }
  return serious.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`)
}
