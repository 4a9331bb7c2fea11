#!/usr/bin/env node
// Rewrites citations of documents that live outside the repository into citations of the product
// reference inside it (docs/reference/README.md says what is there and how to cite it):
//   "SPEC-NOTES 23"            -> "docs/reference/readings.md 23"
//   "spec 000 section 3"       -> "docs/reference/catalogue-and-selling.md §3"
//   "spec 001 sections 3 and 4" -> "docs/reference/accounts-and-orders.md §3 and §4"
//   "issue 5"                  -> the decision record that covers it, or nothing when the text already
//                                 cites that record or no record covers it
// in src/, tests/, bench/, scripts/, docs/ (not docs/reference) and README.md. Only the citation changes:
// the text around it and the comment prefixes stay (a citation split over two lines may end up on one),
// so TypeScript stays valid (the citations sit in comments and test titles). A few sentences of the
// decision records that name an issue as their origin are rewritten whole (PROSE). Citations of DESIGN,
// QUALITY and STYLE point at their copies in docs/ (docs/DESIGN.md, docs/QUALITY.md, docs/STYLE.md).
// Running it twice changes nothing.
//
//   node scripts/rewrite-citations.mjs           rewrite the files, print counts and what it could not map
//   node scripts/rewrite-citations.mjs --check   print the same, write nothing (exit 1 if anything would change)
//   node scripts/rewrite-citations.mjs --verbose also print every section it inferred from a quoted phrase
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const args = new Set(process.argv.slice(2))
const checkOnly = args.has('--check')
const verbose = args.has('--verbose')

const READINGS = 'docs/reference/readings.md'
const DOCS = {
  '000': 'docs/reference/catalogue-and-selling.md',
  '001': 'docs/reference/accounts-and-orders.md',
}
const BOTH = 'docs/reference/catalogue-and-selling.md and accounts-and-orders.md'

// ------------------------------------------------------------------ files

const ROOTS = ['src', 'tests', 'bench', 'scripts', 'docs', 'README.md']
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.git', 'coverage', 'data'])
const SKIP_PATHS = new Set(['docs/reference', 'scripts/rewrite-citations.mjs'])
const EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|md|css|sql|json|yml|yaml|html|txt)$/

function* walk(path) {
  const rel = relative(root, path).split(sep).join('/')
  if (SKIP_PATHS.has(rel)) return
  const stat = statSync(path)
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) if (!SKIP_DIRS.has(name)) yield* walk(join(path, name))
  } else if (EXTENSIONS.test(path) && !rel.startsWith('src/server/db/migrations/')) {
    yield rel
  }
}

// ------------------------------------------------------------------ shared pieces of the patterns

// Space between two words of one citation: blanks, or a line break followed by a comment's prefix.
const GAP = String.raw`(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\/\/|\*(?!\/)|#)?[ \t]*)`
// Section and reading numbers have one or two digits, so "section 9 and 001 section 9" stops at the 9.
const NUM_LIST = String.raw`\d{1,2}(?!\d)(?:(?:[ \t]*[-–][ \t]*|,[ \t]?| and | to )\d{1,2}(?!\d))*`

// ------------------------------------------------------------------ readings ("SPEC-NOTES 23")

const readingsPattern = new RegExp(String.raw`SPEC-NOTES(?:\.md)?(?=${GAP}\d|[^\w-]|$)`, 'g')

function rewriteReadings(text, counts) {
  return text.replace(readingsPattern, () => {
    counts.readings++
    return READINGS
  })
}

// ------------------------------------------------------------------ spec sections ("spec 000 section 3")

// "spec 000", "Spec 000/001", "spec 001's", then optionally "section 3", "sections 3 and 9", "§4";
// or a bare "001 section 4" (the spec's number without the word, as in "spec 000 section 1 and 001 section 6").
const specPattern = new RegExp(
  String.raw`(?:\b[Ss]pecs?${GAP}(000\/001|001\/000|000|001)('s)?|\b(000|001)(?=${GAP}(?:sections?\b|§)))` +
    String.raw`(?:(${GAP})(?:(sections?)${GAP}|§[ \t]?)(${NUM_LIST}))?`,
  'g',
)

function sectionList(list) {
  return list.replace(/\d+/g, (n) => `§${n}`)
}

// A reference document split into its "## N." sections, for the sections a bare citation names by phrase;
// each with the names it defines (a "### Name" heading or a leading "**Name**"), which win over a mention.
const sectionsOf = new Map()
function sectionTexts(doc) {
  if (!sectionsOf.has(doc)) {
    const file = join(root, doc)
    const parts = []
    if (existsSync(file)) {
      let current = null
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const heading = /^## (\d+)\./.exec(line)
        if (heading) {
          parts.push((current = { n: heading[1], text: '', names: [] }))
          continue
        }
        if (!current) continue
        current.text += line + '\n'
        const name = /^### (.+)$/.exec(line) ?? /^\*\*([^*]+)\*\*/.exec(line)
        if (name) current.names.push(normalise(name[1]).trim())
      }
    }
    for (const part of parts) part.text = ` ${normalise(part.text)} `
    sectionsOf.set(doc, parts)
  }
  return sectionsOf.get(doc)
}

function normalise(s) {
  return s.toLowerCase().replace(/[`*"'():;,.!?]/g, ' ').replace(/[-_]/g, ' ').replace(/\s+/g, ' ')
}

// "spec 000 "Delivery email modes"" names no section; the phrase after it usually does. Try the quoted
// phrase or the words up to the next punctuation, shortening word by word, and take the one section
// that holds it.
function inferSection(code, after) {
  const quoted = /^[ \t]*[:(]?[ \t]*"([^"\n]{3,80})"/.exec(after)
  const plain = /^[ \t]*:?[ \t]+(?:(?:names|lists|says|shows)[ \t]+(?:\d+[ \t]+)?)?(?:(?:a|an|the)[ \t]+)?([A-Za-z][\w ,-]{2,160}?)(?=[)(;.!?"]|$)/m.exec(after)
  const docs = code === '000/001' || code === '001/000' ? [DOCS['000'], DOCS['001']] : [DOCS[code]]
  for (const [re, n] of SECTION_HINTS[code] ?? []) if (re.test(after)) return { doc: docs[0], n, phrase: re.source }
  const candidates = []
  for (const m of [quoted, plain]) {
    if (!m) continue
    const words = normalise(m[1]).trim().split(' ')
    const firstWord = m[1].trim().split(/[\s:,]/)[0]
    for (let k = Math.min(words.length, 8); k >= 1; k--) {
      const phrase = words.slice(0, k).join(' ')
      candidates.push({ phrase, named: true })
      // In running text: one word only when it is an identifier (trustSealsSettings, PayPal); two of some length.
      if (k === 1 && !/[a-z][A-Z]/.test(firstWord)) continue
      if (k === 2 && phrase.length < 8) continue
      candidates.push({ phrase, named: false })
    }
  }
  for (const { phrase, named } of candidates) {
    for (const doc of docs) {
      const hits = sectionTexts(doc).filter((s) => (named ? s.names.includes(phrase) : s.text.includes(` ${phrase} `)))
      if (hits.length === 1) return { doc, n: hits[0].n, phrase }
    }
  }
  return null
}

// Bare citations whose phrase names no heading: the wizard's steps are the table of section 2.
const SECTION_HINTS = { '000': [[/^[ \t]*(?:wizard )?step "content"/, '2']] }

// Prose the general rule would make awkward, rewritten first into a form it handles.
const SPEC_PROSE = [[/\bevery filter of spec 001's list-filter list\b/g, 'every list filter of spec 001 section 7']]

function rewriteSpecs(text, counts, file) {
  for (const [re, replacement] of SPEC_PROSE) text = text.replace(re, replacement)
  return text.replace(specPattern, (match, code, possessive, bareCode, gap, word, list, offset, whole) => {
    code ??= bareCode
    counts.spec++
    if (list) {
      const doc = code.includes('/') ? BOTH : DOCS[code]
      // Keep a line break that stood between the spec's number and "section".
      const keepGap = /\n/.test(gap) ? gap : ' '
      return `${doc}${possessive ?? ''}${keepGap}${sectionList(list)}`
    }
    const inferred = inferSection(code, whole.slice(offset + match.length, offset + match.length + 200))
    if (inferred) {
      counts.specInferred++
      if (verbose) console.log(`  inferred ${file}: "${match}" + "${inferred.phrase}" -> ${inferred.doc} §${inferred.n}`)
      const doc = code.includes('/') ? BOTH : inferred.doc
      return `${doc} §${inferred.n}${possessive ?? ''}`
    }
    return `${code.includes('/') ? BOTH : DOCS[code]}${possessive ?? ''}`
  })
}

// ------------------------------------------------------------------ issues ("issue 5")

const DECISIONS = Object.fromEntries(
  readdirSync(join(root, 'docs/decisions'))
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .map((f) => [f.slice(0, 4), `docs/decisions/${f}`]),
)
const decision = (n) => DECISIONS[n] ?? null

// Prose that names an issue as the origin of a decision; rewritten as a whole, before the general rule.
const PROSE = [
  [/\bIssue \d+ asks for\b/g, 'Sellfront needs'],
  [/\bIssue \d+ asks that\b/g, 'Sellfront requires that'],
  [/\bIssue 3: "Terms are frozen/g, 'The rule: "Terms are frozen'],
  [/\bIssue 5: a paid order must/g, 'A paid order must'],
  [/\bIssue 5 and (?=docs\/reference\/readings\.md)/g, ''],
  [/\bIssue 4's benchmarks showed/g, 'The first checkout benchmarks showed'],
  [/\*\*Later \(issue 4, again\)\*\*/g, '**Later, again**'],
  [/\bPart of issue 6\. Reads what/g, 'Follows 0026 (the billing engine) and 0027 (dunning). Reads what'],
  [/\bThe script written for issue 4 was/g, 'The first script, written with the checkout (0016), was'],
  [/\(issues 5 and 6 added/g, '(delivery and billing added'],
  [/\bIssue 5 in Chromium:/g, `Certificates, license keys and downloads in Chromium (${decision('0020')}):`],
  [/charging later rates is issue 6\./g, `charging later rates is the billing engine's (${decision('0026')}).`],
  [/[ \t]?\(issue 4: "Rates live in one table with its source and date"\)/g, ', each with its source and date'],
  [/\(issue 5: downloads\.service\.ts\)/g, '(downloads.service.ts)'],
]

// Which decision covers a citation of an issue: the first rule of that issue whose words appear in the
// topic quoted after the citation, the text before it on its line, or the file's path (the last rule,
// /./, is the issue's main record). null: no record covers it, and the citation is removed.
const BY_ISSUE = {
  3: [[/upload|media\.|storage/i, '0011'], [/certificate/i, '0013'], [/terms are frozen|plan version/i, '0009'], [/./, null]],
  4: [[/\bVAT\b|tax/i, null], [/sandbox|payment method|provider/i, '0015'], [/./, '0016']],
  5: [
    [/upgrade/i, '0022'],
    [/payment.tickets?|event tickets?|\/tickets\//i, '0018'],
    [/payment method|method-change/i, '0021'],
    [/course.publish|drip/i, '0024'],
    [/course|lesson/i, '0019'],
    [/certificate|licen[cs]e|\bkeys?\b|download|stamp/i, '0020'],
    [/./, '0017'],
  ],
  6: [
    [/refund|chargeback/i, '0028'],
    [/invoice|transfer/i, '0029'],
    [/dunning|claim|inkasso/i, '0027'],
    [/trial/i, '0033'],
    [/order.rates|\bpayers?\b|payment.authori|\brates\b/i, '0031'],
    [/dashboard|notification/i, '0032'],
    [/orders area|e2e\/orders|order-lists/i, '0030'],
    [/./, '0026'],
  ],
}

function decisionFor(issue, topic, before, file) {
  const rules = BY_ISSUE[issue]
  if (!rules) return undefined
  for (const [re, target] of rules) if ([topic, before, file].some((where) => where && re.test(where))) return target
  return null
}

// "issue 5", "Issue 6", "issues 5 and 6", with the topics quoted after it: ' "Event tickets"',
// ': "VAT"', ' "Seller flags" and "Publishing and review"'.
const QUOTED = String.raw`"[^"]{1,80}"`
const TOPICS = String.raw`(?::?[ \t]?${QUOTED}(?:(?:,| and)[ \t]?${QUOTED})*)?`
const issuePattern = new RegExp(String.raw`\b([Ii])ssues?[ \t]#?(\d+)(?: and (\d+))?(${TOPICS})`, 'g')

function rewriteIssues(text, counts, file, unmapped) {
  for (const [re, replacement] of PROSE) {
    text = text.replace(re, () => {
      counts.issues++
      return replacement
    })
  }
  return text.replace(issuePattern, (match, i, issue, issue2, topic, offset, whole) => {
    const lineStart = whole.lastIndexOf('\n', offset) + 1
    const target = decisionFor(issue, topic, whole.slice(lineStart, offset), file)
    if (target === undefined || issue2) {
      unmapped.push(`${file}: ${match}`)
      return match
    }
    counts.issues++
    const lineEnd = whole.indexOf('\n', offset)
    const line = whole.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)
    const path = target && decision(target)
    // The text cites that record already (or no record covers the issue): drop the citation.
    if (!path || line.includes(`docs/decisions/${target}`)) return '\u0000'
    return path
  })
}

// Removes the dropped citations (marked \u0000) with the separator that joined them to their neighbours.
function tidyRemovals(text) {
  return text
    .replace(/[ \t]?\(\u0000\)/g, '') //                            "(issue 3)" alone
    .replace(/\u0000[,;][ \t]?/g, '') //                             "(issue 6, docs/...)"
    .replace(/[,;][ \t]?\u0000/g, '') //                             "(readings 26, issue 4)"
    .replace(/[ \t]?\u0000/g, '')
}

// "docs/decisions/0014" -> "docs/decisions/0014-discounts-per-product.md", so every citation is a path.
function expandDecisions(text, counts) {
  return text.replace(/\bdocs\/decisions\/(\d{4})(?![\d-])/g, (match, n) => {
    if (!DECISIONS[n]) return match
    counts.decisions++
    return DECISIONS[n]
  })
}

// ------------------------------------------------------------------ documents outside the repository

// DESIGN.md, QUALITY.md and STYLE.md have their copies in docs/: "DESIGN.md" and a bare DESIGN "..." (or
// QUALITY "rush", STYLE 6) become docs/DESIGN.md ...; an already rewritten docs/X.md is left alone.
const outsideWithSuffix = /(?<![\w/])(DESIGN|QUALITY|STYLE)\.md\b/g
const outsideBare = /(?<![\w/.])(DESIGN|QUALITY|STYLE)(?='s|[ ,.:;)]?[ \t]*["(\[\d]|[ \t]+(?:section|benchmark)\b)/g

function rewriteOutside(text, counts) {
  const replace = (_match, name) => {
    counts.outside++
    return `docs/${name}.md`
  }
  return text.replace(outsideWithSuffix, replace).replace(outsideBare, replace)
}

// ------------------------------------------------------------------ run

const counts = { files: 0, readings: 0, spec: 0, specInferred: 0, issues: 0, decisions: 0, outside: 0 }
const unmapped = []
for (const start of ROOTS) {
  const full = join(root, start)
  if (!existsSync(full)) continue
  for (const file of walk(full)) {
    const before = readFileSync(join(root, file), 'utf8')
    let after = rewriteReadings(before, counts)
    after = rewriteSpecs(after, counts, file)
    after = tidyRemovals(rewriteIssues(after, counts, file, unmapped))
    after = expandDecisions(after, counts)
    after = rewriteOutside(after, counts)
    if (after !== before) {
      counts.files++
      if (!checkOnly) writeFileSync(join(root, file), after)
    }
  }
}

const total = counts.readings + counts.spec + counts.issues + counts.outside
console.log(
  `${checkOnly ? 'would rewrite' : 'rewrote'} ${total} citations in ${counts.files} files: ` +
    `${counts.readings} readings (SPEC-NOTES), ${counts.spec} reference sections (spec 000/001, ` +
    `${counts.specInferred} of them with the section inferred from the phrase cited), ${counts.issues} issues; ` +
    `${counts.decisions} short decision citations completed to their file name, ${counts.outside} of DESIGN, QUALITY and STYLE`,
)
if (unmapped.length) {
  console.log(`not mapped (${unmapped.length}):`)
  for (const u of unmapped) console.log(`  ${u}`)
} else {
  console.log('not mapped: none')
}
if (checkOnly && total > 0) process.exitCode = 1
