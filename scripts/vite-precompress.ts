import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * .br and .gz beside each script and stylesheet of a client build; the server sends them when the browser
 * accepts them (@fastify/static `preCompressed`). Used by vite.config.ts and vite.storefront.config.ts.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'sellfront:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : join(config.root, config.build.outDir, 'assets')
    },
    closeBundle() {
      if (!outDir || !existsSync(outDir)) return
      for (const name of readdirSync(outDir).filter((f) => /\.(js|css|svg|json)$/.test(f))) {
        const file = join(outDir, name)
        const data = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      }
    },
  }
}
