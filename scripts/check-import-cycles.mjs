// `npm run lint` runs this after ESLint: no import circle among the files of src/server and src/shared.
// ESLint checks the module level (moduleDependencies in eslint.config.js: each module imports only the
// modules it declares, and the declarations have no circle); this finds circles between single files, inside
// a module or through files outside the modules (a module importing bootstrap.ts, which imports it back).
// Type-only imports are erased when the code runs, so they close no circle. One TypeScript parse per file,
// no type checking: about a second.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const roots = ['src/server', 'src/shared']
const skip = (/** @type {string} */ path) => /\.test\.tsx?$/.test(path) || path.includes('/db/migrations/')

/** @returns {string[]} */
const filesUnder = (/** @type {string} */ dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name)
  if (entry.isDirectory()) return filesUnder(path)
  return /\.tsx?$/.test(entry.name) && !skip(path) ? [path] : []
})

const resolveImport = (/** @type {string} */ from, /** @type {string} */ specifier) => {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''))
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The relative imports of a file that load code when it runs (not `import type`, not only types named). */
const runtimeImports = (/** @type {string} */ path) => {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false)
  /** @type {string[]} */
  const specifiers = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      if (clause?.isTypeOnly) continue
      const bindings = clause?.namedBindings
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)
      if (onlyTypes) continue
      specifiers.push(/** @type {ts.StringLiteral} */ (statement.moduleSpecifier).text)
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const clause = statement.exportClause
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue
      specifiers.push(/** @type {ts.StringLiteral} */ (statement.moduleSpecifier).text)
    }
  }
  return specifiers.filter((s) => s.startsWith('.')).map((s) => resolveImport(path, s)).filter((p) => p !== null)
}


const files = roots.flatMap((dir) => filesUnder(join(root, dir)))
/** @type {Map<string, string[]>} */
const graph = new Map(files.map((file) => [file, runtimeImports(file).filter((to) => !skip(to))]))

// Tarjan's strongly connected components: every component of more than one file (or a file importing
// itself) is a circle.
let index = 0
/** @type {Map<string, { index: number; low: number; onStack: boolean }>} */
const marks = new Map()
/** @type {string[]} */
const stack = []
/** @type {string[][]} */
const circles = []
const strongConnect = (/** @type {string} */ file) => {
  const mark = { index, low: index, onStack: true }
  index++
  marks.set(file, mark)
  stack.push(file)
  for (const to of graph.get(file) ?? []) {
    const next = marks.get(to)
    if (!next) {
      strongConnect(to)
      mark.low = Math.min(mark.low, /** @type {{ low: number }} */ (marks.get(to)).low)
    } else if (next.onStack) mark.low = Math.min(mark.low, next.index)
  }
  if (mark.low !== mark.index) return
  /** @type {string[]} */
  const component = []
  let member
  do {
    member = /** @type {string} */ (stack.pop())
    const popped = /** @type {{ onStack: boolean }} */ (marks.get(member))
    popped.onStack = false
    component.push(member)
  } while (member !== file)
  if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component)
}
for (const file of graph.keys()) if (!marks.has(file)) strongConnect(file)

/** One path around a component: from its first file along imports that stay inside it, back to the start. */
const circlePath = (/** @type {string[]} */ component) => {
  const inside = new Set(component)
  const start = /** @type {string} */ (component[0])
  /** @type {Map<string, string>} */
  const cameFrom = new Map()
  const queue = [start]
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift())
    for (const to of graph.get(file) ?? []) {
      if (to === start) {
        const path = [start]
        for (let at = file; at !== start; at = /** @type {string} */ (cameFrom.get(at))) path.splice(1, 0, at)
        return [...path, start].map((p) => relative(root, p)).join('\n    -> ')
      }
      if (inside.has(to) && !cameFrom.has(to)) {
        cameFrom.set(to, file)
        queue.push(to)
      }
    }
  }
  return component.map((p) => relative(root, p)).join(', ')
}

if (circles.length > 0) {
  console.error(`Import circles among the files of ${roots.join(' and ')} (${circles.length}):`)
  for (const component of circles) console.error(`  ${circlePath(component)}\n`)
  console.error('Break each one: move the shared part to a file both import, or hand a function in (a port wired in bootstrap.ts).')
  process.exit(1)
}
console.log(`No import circle among ${files.length} files of ${roots.join(' and ')}.`)
