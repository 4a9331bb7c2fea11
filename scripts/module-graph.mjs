// The server modules' graph in ARCHITECTURE.md, drawn from the map lint enforces (moduleDependencies in
// eslint.config.js), so the picture cannot drift from the rule.
//   node scripts/module-graph.mjs          rewrites the part of ARCHITECTURE.md between the two markers
//   node scripts/module-graph.mjs --check  exits 1 when that part is not what the map draws (`npm run lint`)
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { moduleDependencies } from '../eslint.config.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const file = resolve(root, 'ARCHITECTURE.md')
const begin = '<!-- module-graph: begin (drawn by scripts/module-graph.mjs from eslint.config.js; do not edit by hand) -->'
const end = '<!-- module-graph: end -->'

/** A module's layer: 0 when it uses no module, else one above the highest module it uses. */
const layers = new Map()
const layerOf = (/** @type {string} */ module) => {
  if (!layers.has(module)) {
    const uses = moduleDependencies[module] ?? []
    layers.set(module, uses.length === 0 ? 0 : 1 + Math.max(...uses.map(layerOf)))
  }
  return layers.get(module)
}
const modules = Object.keys(moduleDependencies).sort()
for (const module of modules) layerOf(module)

const usedBy = (/** @type {string} */ module) => modules.filter((other) => moduleDependencies[other].includes(module))
const top = Math.max(...layers.values())
const rows = []
for (let layer = top; layer >= 0; layer--) {
  for (const module of modules.filter((m) => layers.get(m) === layer)) {
    const uses = [...moduleDependencies[module]].sort()
    rows.push(`| ${layer} | [${module}](src/server/modules/${module}/README.md) | ${uses.join(', ') || '-'} | ${usedBy(module).join(', ') || '-'} |`)
  }
}
const node = (/** @type {string} */ module) => module.replace(/-/g, '_')
const mermaid = modules.flatMap((module) => [...moduleDependencies[module]].sort().map((used) => `  ${node(module)}[${module}] --> ${node(used)}[${used}]`))
  .concat(modules.filter((m) => moduleDependencies[m].length === 0 && usedBy(m).length === 0).map((m) => `  ${node(m)}[${m}]`))

const drawn = [
  begin,
  '',
  'Layer 0 uses no other module; every module uses only modules of lower layers, so there is no circle.',
  '',
  '| layer | module | uses | used by |',
  '|---|---|---|---|',
  ...rows,
  '',
  '```mermaid',
  'graph TD',
  ...mermaid,
  '```',
  '',
  end,
].join('\n')

const text = readFileSync(file, 'utf8')
const from = text.indexOf(begin)
const to = text.indexOf(end)
if (from < 0 || to < 0) {
  console.error(`ARCHITECTURE.md has no module-graph markers (${begin} ... ${end})`)
  process.exit(1)
}
const next = text.slice(0, from) + drawn + text.slice(to + end.length)
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('ARCHITECTURE.md: the module graph differs from moduleDependencies in eslint.config.js; run `node scripts/module-graph.mjs`')
    process.exit(1)
  }
  console.log(`ARCHITECTURE.md draws the ${modules.length} server modules as eslint.config.js declares them.`)
} else if (next !== text) {
  writeFileSync(file, next)
  console.log(`ARCHITECTURE.md: the module graph redrawn (${modules.length} modules, ${top + 1} layers)`)
}
