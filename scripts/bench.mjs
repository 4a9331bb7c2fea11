#!/usr/bin/env node
// `npm run bench [name]`: runs each bench/*.ts script (or the named one); each prints its ratio last.
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const only = process.argv[2]
const scripts = readdirSync('bench').filter((f) => f.endsWith('.bench.ts') && (!only || f.startsWith(only)))
let failed = 0
for (const file of scripts) {
  console.log(`\n=== ${file} ===`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
