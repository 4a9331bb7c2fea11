#!/usr/bin/env node
// Builds the front ends before `npm start` when their output is missing or older than their sources:
// the back-office SPA (vite.config.ts -> dist/web) and the public pages (vite.storefront.config.ts ->
// dist/storefront/client for the browser and dist/storefront/server for the server's renderer).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs)
}
/** The oldest of the outputs (0 when one is missing): every output must be newer than every source. */
const built = (outputs) => Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)))

const targets = [
  {
    name: 'the web app',
    outputs: ['dist/web/index.html'],
    sources: ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'],
    builds: [['vite', 'build', '--logLevel', 'warn']],
  },
  {
    name: 'the shop pages',
    outputs: ['dist/storefront/client/.vite/manifest.json', 'dist/storefront/server/entry-server.js'],
    sources: ['src/storefront', 'src/shared', 'vite.storefront.config.ts', 'package-lock.json'],
    builds: [
      ['vite', 'build', '-c', 'vite.storefront.config.ts', '--logLevel', 'warn'],
      ['vite', 'build', '-c', 'vite.storefront.config.ts', '--ssr', '--logLevel', 'warn'],
    ],
  },
]

for (const target of targets) {
  const time = built(target.outputs)
  if (time !== 0 && !target.sources.some((s) => newest(s) > time)) continue
  console.log(`Building ${target.name} (first start or sources changed)...`)
  for (const args of target.builds) {
    const result = spawnSync('npx', args, { stdio: 'inherit' })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
}
