// @ts-check
// Lint for src, tests, bench and scripts: typescript-eslint's recommended rules (syntax only, no type
// information, so `npm run lint` stays fast) and the import rules of DESIGN.md "Layout".
//
// The import rules are `no-restricted-imports` patterns per folder. Imports are relative (no path
// aliases), so a pattern matches the written path: from src/web/lib/x.ts, `../../server/...` is the server.
// ESLint keeps only the last matching setting of a rule for a file, so every folder's entry below lists
// all of its restrictions, built from the pieces defined here.
import { readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const code = '*.{ts,tsx,mts,cts,js,mjs,cjs}'

/**
 * A relative import that climbs out of its layer into a file of src/<layer>/: `../../server/db/client`.
 * A file beside it (`../web` for src/shared/validation/web.ts) is not a folder and stays allowed.
 */
const intoLayer = (/** @type {string[]} */ layers, /** @type {string} */ message) => ({
  regex: `^(\\.\\./)+(${layers.join('|')})/`,
  message,
})

/** Packages, by exact name or name prefix (`@mantine/` matches every @mantine package). */
const packages = (/** @type {string[]} */ names, /** @type {string} */ message) => ({
  regex: `^(${names.map((n) => (n.endsWith('/') ? `${escape(n)}.+` : `${escape(n)}(/.*)?`)).join('|')})$`,
  message,
})
const escape = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

const nodeBuiltins = {
  regex: `^(node:.*|(${builtinModules.filter((m) => !m.startsWith('_')).map(escape).join('|')})(/.*)?)$`,
  message: 'src/shared runs in the browser too: no Node built-ins.',
}
const sharedPackages = packages(
  [
    'react', 'react-dom', 'react-i18next', '@tabler/', '@mantine/', '@tanstack/', 'vite',
    'drizzle-orm', 'drizzle-kit', 'pg', 'pg-boss', '@electric-sql/', 'fastify', '@fastify/',
    'fastify-type-provider-zod', 'nodemailer', 'ioredis', 'pino', '@node-rs/',
  ],
  'src/shared is pure TypeScript: no UI, database or server libraries.',
)

/**
 * @param {object[]} patterns
 * @returns {import('eslint').Linter.RulesRecord}
 */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

const sharedRules = [
  intoLayer(['server', 'web', 'storefront'], 'src/shared imports only src/shared and pure libraries.'),
  sharedPackages,
]
const webRules = [intoLayer(['server', 'storefront'], 'src/web talks to the server over HTTP; it never imports src/server or src/storefront.')]
const pageEditorRules = [
  intoLayer(['server'], 'src/web talks to the server over HTTP; it never imports src/server.'),
  {
    regex: '^(\\.\\./)+storefront/(?!built/|styles/built\\.css$)',
    message: 'The page editor imports only src/storefront/built/** and styles/built.css of the storefront (docs/decisions/0064-visual-editor.md).',
  },
]
const storefrontRules = [
  intoLayer(['server', 'web'], 'src/storefront imports only src/shared and React.'),
  packages(
    ['@mantine/', '@tanstack/', '@tabler/', 'i18next', 'react-i18next', '@puckeditor/'],
    'src/storefront stays small (the checkout page under 100 KiB of gzipped JavaScript): React and src/shared only; no Mantine, TanStack or other UI kits.',
  ),
]
const serverRules = [intoLayer(['web', 'storefront'], 'src/server never imports src/web or src/storefront source (it loads the built storefront).')]

/** From a file `depth` folders below src/server/modules/<area>/: another module's file other than its *.service. */
const otherModule = (/** @type {number} */ depth) => ({
  regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/(?!.*\\.service$).+$`,
  message: 'Use another server module only through its *.service.ts.',
})

/** From a file `depth` folders below src/web/features/<area>/: another feature. */
const otherFeature = (/** @type {number} */ depth) => ({
  regex: `^(\\.\\./){${depth + 1}}[^./]|^(\\.\\./)+features(/|$)`,
  message: 'A web feature does not import another feature; compose them in src/web/app.',
})

// ---------------------------------------------------------------- server modules: who may use whom
//
// DESIGN.md "Layout": server modules import each other without a circle. Each module (a folder of
// src/server/modules) declares here the modules it may import; an import of any other module fails lint
// with "<a> may not use <b>". The map itself must have no circle: loading this file throws with the circle
// printed. A module that must react to a higher one takes a port wired in bootstrap.ts, or a job. Files
// outside the modules (app.ts, bootstrap.ts, plugins, jobs/registry.ts, db/seed.ts) are the composition
// root and may import any module. Tests (*.test.ts) are not bound by the map: they set up data through
// whatever module makes it, and nothing imports them. Circles between single files (inside a module, or
// through bootstrap.ts and the like) are found by scripts/check-import-cycles.mjs, the second half of
// `npm run lint`.

/** @type {Record<string, string[]>} */
export const moduleDependencies = {
  accounting: ['orders'],
  accounts: ['email', 'payment-settings'],
  affiliates: ['catalog', 'email', 'orders'],
  analytics: [], // modules/analytics: analytics sets, read-only SQL over other modules' tables like dashboard
  'api-keys': [],
  'bank-transfers': ['orders', 'payment-settings'], // modules/bank-transfers: statements' credits matched to bank wire payments
  billing: ['delivery', 'notifications', 'orders', 'payment-settings'],
  catalog: ['payment-settings'],
  certificates: ['catalog', 'media'],
  checkout: ['accounts', 'affiliates', 'catalog', 'checkout-settings', 'coupons', 'deals', 'delivery', 'exchange-rates', 'funnels', 'notifications', 'orders', 'payment-settings', 'resellers', 'tickets'],
  'checkout-settings': ['catalog', 'funnels'],
  common: [],
  community: ['delivery', 'notifications'], // modules/community: a members' space per membership product
  coupons: ['catalog'],
  courses: ['catalog', 'certificates', 'delivery', 'email', 'media', 'notifications'],
  'csv-exports': ['email', 'invoices', 'orders', 'payouts', 'tickets'],
  customization: ['media'], // modules/customization: the seller's branding on payer pages and mails (decision 0085)
  dashboard: [],
  deals: ['email', 'teams'],
  domains: [],
  integrations: ['catalog', 'email', 'orders'],
  delivery: ['catalog', 'certificates', 'email', 'media', 'orders', 'payment-settings', 'tickets'],
  dunning: ['billing', 'catalog', 'delivery', 'email', 'orders'],
  email: [],
  'exchange-rates': [], // modules/exchange-rates: rates per euro from the central bank or a file (decision 0097)
  fonts: [],
  funnels: ['catalog', 'orders', 'pages'],
  invoices: ['email'],
  'live-shopping': ['catalog'], // modules/live-shopping: live events with products and their attributed orders (decision 0086)
  media: ['accounts', 'catalog'],
  'mobile-app': ['catalog', 'checkout-settings'], // modules/mobile-app: the app's legal documents and push settings (decision 0086)
  notifications: ['email', 'teams'],
  orders: ['catalog', 'coupons', 'email', 'invoices', 'notifications', 'payment-settings'],
  pages: ['catalog', 'courses', 'delivery', 'email', 'fonts', 'media', 'orders', 'themes'],
  'payment-settings': [],
  payouts: ['accounts', 'affiliates', 'email', 'orders', 'refunds', 'resellers', 'teams'],
  'platform-settings': [],
  'platform-plans': ['accounts', 'billing', 'catalog', 'checkout', 'email', 'orders'],
  payments: ['orders', 'payment-settings', 'refunds'],
  'product-content': ['catalog', 'certificates', 'courses', 'media', 'tickets'],
  refunds: ['billing', 'invoices', 'orders', 'payment-settings'],
  resellers: ['accounts', 'email', 'orders'],
  shares: ['catalog', 'themes'],
  teams: ['accounts', 'email'],
  'test-clock': ['billing', 'courses', 'delivery', 'dunning', 'orders', 'platform-plans', 'webhooks'],
  themes: [],
  tickets: ['catalog', 'media'],
  tracking: ['catalog'],
  webhooks: ['catalog', 'email'],
}

/** The first circle of a graph as `a -> b -> ... -> a`, or null (depth-first search, edges in map order). */
const findCircle = (/** @type {Record<string, string[]>} */ graph) => {
  /** @type {Map<string, 'open' | 'done'>} */
  const seen = new Map()
  /** @type {string[]} */
  const path = []
  /** @returns {string[] | null} */
  const visit = (/** @type {string} */ node) => {
    if (seen.get(node) === 'done') return null
    if (seen.get(node) === 'open') return [...path.slice(path.indexOf(node)), node]
    seen.set(node, 'open')
    path.push(node)
    for (const next of graph[node] ?? []) {
      const circle = visit(next)
      if (circle) return circle
    }
    path.pop()
    seen.set(node, 'done')
    return null
  }
  for (const node of Object.keys(graph)) {
    const circle = visit(node)
    if (circle) return circle.join(' -> ')
  }
  return null
}

/** Checks the map against the module folders and itself; throws (lint cannot start) when it is wrong. */
const checkModuleDependencies = () => {
  const problems = []
  const folders = readdirSync(new URL('./src/server/modules/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  for (const folder of folders) {
    if (!(folder in moduleDependencies)) problems.push(`src/server/modules/${folder} is not declared: add it and the modules it uses to moduleDependencies`)
  }
  for (const [module, uses] of Object.entries(moduleDependencies)) {
    if (!folders.includes(module)) problems.push(`moduleDependencies declares ${module}, which has no folder in src/server/modules: remove it`)
    for (const used of uses) if (!(used in moduleDependencies) || used === module) problems.push(`${module} declares ${used}, which is not another module`)
  }
  const circle = findCircle(moduleDependencies)
  if (circle) problems.push(`an import circle among server modules: ${circle}. Break it (a port wired in bootstrap.ts, a job, or the use case moved to a module above both)`)
  if (problems.length > 0) throw new Error(`eslint.config.js, moduleDependencies (see ARCHITECTURE.md):\n- ${problems.join('\n- ')}`)
}
checkModuleDependencies()

/** From a file `depth` folders below src/server/modules/<module>/: each module it has not declared. */
const undeclaredModules = (/** @type {string} */ module, /** @type {number} */ depth) =>
  Object.keys(moduleDependencies)
    .filter((other) => other !== module && !moduleDependencies[module]?.includes(other))
    .map((other) => ({
      regex: `^(\\.\\./){${depth + 1}}${escape(other)}/`,
      message: `${module} may not use ${other}: declared dependencies in eslint.config.js (moduleDependencies); see ARCHITECTURE.md.`,
    }))

const depths = [0, 1, 2, 3]
const under = (/** @type {string} */ dir, /** @type {number} */ depth) => `${dir}/${'*/'.repeat(depth)}${code}`

export default defineConfig([
  globalIgnores(
    ['*', '!src/', '!tests/', '!bench/', '!scripts/', '**/dist/', '**/node_modules/', '**/data/', '**/.tmp/', 'src/server/db/migrations/'],
    'Lint only src, tests, bench and scripts',
  ),

  tseslint.configs.recommended,
  {
    name: 'sellfront/relaxations',
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },

  { name: 'sellfront/globals-node', files: ['src/server/**', 'tests/**', 'bench/**', 'scripts/**'], languageOptions: { globals: globals.node } },
  { name: 'sellfront/globals-browser', files: ['src/web/**', 'src/storefront/**'], languageOptions: { globals: globals.browser } },
  // React hooks rules for the two React front ends.
  {
    name: 'sellfront/react-hooks', files: ['src/web/**/*.{ts,tsx}', 'src/storefront/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { name: 'sellfront/globals-shared', files: ['src/shared/**'], languageOptions: { globals: globals['shared-node-browser'] } },

  // Layers.
  { name: 'sellfront/imports-shared', files: [`src/shared/**/${code}`], rules: restrict(...sharedRules, nodeBuiltins) },
  // Tests of shared code run in Node only; they may read fixtures with node:fs and the like.
  { name: 'sellfront/imports-shared-tests', files: ['src/shared/**/*.test.ts'], rules: restrict(...sharedRules) },
  { name: 'sellfront/imports-web', files: [`src/web/**/${code}`], rules: restrict(...webRules) },
  { name: 'sellfront/imports-storefront', files: [`src/storefront/**/${code}`], rules: restrict(...storefrontRules) },
  { name: 'sellfront/imports-server', files: [`src/server/**/${code}`], rules: restrict(...serverRules) },

  // A server module uses another module only through its *.service.ts.
  ...depths.map((depth) => ({
    name: `sellfront/imports-server-module-${depth}`,
    files: [under('src/server/modules/*', depth)],
    rules: restrict(...serverRules, otherModule(depth)),
  })),

  // A server module uses only the modules it declares (moduleDependencies); tests are free.
  ...Object.keys(moduleDependencies).flatMap((module) => depths.map((depth) => ({
    name: `sellfront/imports-server-module-${module}-${depth}`,
    files: [under(`src/server/modules/${module}`, depth)],
    ignores: ['**/*.test.ts'],
    rules: restrict(...serverRules, otherModule(depth), ...undeclaredModules(module, depth)),
  }))),

  // A web feature does not import another feature.
  ...depths.map((depth) => ({
    name: `sellfront/imports-web-feature-${depth}`,
    files: [under('src/web/features/*', depth)],
    rules: restrict(...webRules, otherFeature(depth)),
  })),

  // The one exception to "src/web never imports src/storefront" (docs/decisions/0064-visual-editor.md): the page
  // editor's canvas renders blocks with the storefront's own renderers and stylesheet, so it shows what payers
  // see. src/web/features/pages may import src/storefront/built/** and styles/built.css, nothing else of it.
  ...depths.map((depth) => ({
    name: `sellfront/imports-web-pages-editor-${depth}`,
    files: [under('src/web/features/pages', depth)],
    rules: restrict(...pageEditorRules, otherFeature(depth)),
  })),
])
