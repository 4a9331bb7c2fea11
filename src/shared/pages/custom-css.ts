import type { AtRule, ChildNode, Container, Root, Rule } from 'postcss'
import safeParse from 'postcss-safe-parser'

// A seller's custom CSS for a built page (the custom_css feature; docs/decisions/0068-custom-css.md): parsed
// forgivingly (an unclosed brace is closed, as a browser would read it), kept only where it cannot reach outside
// the page or load anything, and scoped under the built page's root,
// so it styles the seller's blocks and never the storefront around them (header, checkout, test banner).

/** The built page's root (src/storefront/built/built-page.tsx renders `<div class="sf-built">`). */
export const customCssScope = '.sf-built'
export const customCssMaxLength = 20_000

/** At-rules that keep their content (scoped); every other at-rule (@import, @font-face, @namespace, @page...) is dropped. */
const keptAtRules = new Set(['media', 'supports', 'container', 'layer'])
/** Values that could load something or run something: `url(` (images come from uploads), `image-set(`, old IE's `expression(`. */
const unsafeValue = /url\s*\(|image-set\s*\(|expression\s*\(|javascript:|@import/i
/** Properties that bind behaviour (old IE, old Firefox). */
const unsafeProperty = /^(behavior|-moz-binding)$/i

export type CustomCssIssue = 'unsafe_css'

/** Why the text cannot be custom CSS, or null: `<` anywhere (it could end the style element; CSS needs none). */
export function customCssIssue(css: string): CustomCssIssue | null {
  return css.includes('<') ? 'unsafe_css' : null
}

function scopeSelector(selector: string): string {
  const trimmed = selector.trim()
  // Scoping is idempotent: a saved page's CSS comes back to the editor and is saved again.
  if (trimmed === customCssScope || trimmed.startsWith(`${customCssScope} `) || trimmed.startsWith(`${customCssScope}:`) || trimmed.startsWith(`${customCssScope}.`)) return trimmed
  // The page's own root stands for the document's root.
  const rooted = trimmed.replace(/^(:root|html|body)(?=$|[\s>+~.:#[])/i, customCssScope)
  return rooted.startsWith(customCssScope) ? rooted : `${customCssScope} ${rooted}`
}

function clean(container: Container, inKeyframes: boolean): void {
  container.each((node: ChildNode) => {
    if (node.type === 'comment') {
      node.remove()
    } else if (node.type === 'atrule') {
      const rule = node as AtRule
      const name = rule.name.toLowerCase()
      if (/^(-\w+-)?keyframes$/.test(name)) {
        if (rule.nodes) clean(rule, true)
      } else if (keptAtRules.has(name) && rule.nodes && !unsafeValue.test(rule.params)) {
        clean(rule, false)
      } else {
        rule.remove()
      }
    } else if (node.type === 'rule') {
      const rule = node as Rule
      if (!inKeyframes) rule.selectors = rule.selectors.map(scopeSelector)
      clean(rule, inKeyframes)
      if (!rule.nodes?.length) rule.remove()
    } else if (node.type === 'decl') {
      // An escape can spell a function's name (`\75 rl(` is url(): a value with both is dropped.
      if (unsafeProperty.test(node.prop) || unsafeValue.test(node.value) || (node.value.includes('\\') && node.value.includes('('))) node.remove()
    }
  })
}

/**
 * The CSS as the page keeps it: comments, unknown at-rules and declarations that load or run something
 * dropped; every selector under `.sf-built` (html, body and :root become `.sf-built` itself); keyframes kept
 * as they are. Call after `customCssIssue` said null ('' otherwise).
 */
export function scopeCustomCss(css: string): string {
  if (!css.trim() || customCssIssue(css) !== null) return ''
  // The safe parser reads CSS (never the document form of other syntaxes): its answer is a Root.
  const root = safeParse(css) as Root
  // Declarations outside any rule have no selector to scope: dropped.
  root.each((node: ChildNode) => { if (node.type === 'decl') node.remove() })
  clean(root, false)
  return root.toString().trim()
}
