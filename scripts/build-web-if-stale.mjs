#!/usr/bin/env node
// Builds the web app before `npm start` when dist/web is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const output = 'dist/web/index.html'
function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs)
}
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json']
const built = existsSync(output) ? statSync(output).mtimeMs : 0
if (built === 0 || sources.some((s) => newest(s) > built)) {
  console.log('Building the web app (first start or sources changed)...')
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  process.exit(result.status ?? 1)
}
