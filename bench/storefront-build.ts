import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Builds the storefront with `npm run build:storefront` when dist/storefront is missing (the page benches need it). */
export function ensureStorefrontBuilt(): void {
  if (existsSync('dist/storefront/server/entry-server.js') && existsSync('dist/storefront/client/.vite/manifest.json')) return
  console.log('building the storefront (dist/storefront is missing)...')
  if (spawnSync('npm', ['run', 'build:storefront', '--silent'], { stdio: 'inherit' }).status !== 0) process.exit(1)
}
