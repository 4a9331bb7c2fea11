import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/vite-precompress'

// The public pages (src/storefront), built apart from the back-office SPA:
//   vite build -c vite.storefront.config.ts         the browser bundle -> dist/storefront/client (+ .vite/manifest.json)
//   vite build -c vite.storefront.config.ts --ssr   the server entry   -> dist/storefront/server/entry-server.js
// The server (src/server/plugins/storefront.ts) loads the server entry, reads the manifest for the hashed
// file names and serves dist/storefront/client/assets under /storefront/assets/.
//
// JS budget (DESIGN "Layout"): the product page stays well under 100 KiB gzip. src/shared modules declare
// zod schemas beside the helpers the pages use (`zCurrencyId = z.enum(...)`); calls through `z` are marked
// pure so unused schemas are dropped, and the build fails if zod reaches the browser bundle anyway.
//
// React on the server, Preact in the browser (docs/decisions/0099-storefront-client-on-preact.md): the browser
// bundle resolves `react`, `react-dom` and their subpaths to `preact/compat` (`reactToPreact` below, client build
// only), which cut the product page's JavaScript from 86.7 to 28.6 KiB gzip. The server entry still renders with
// React, so the HTML (and every test that compares it) is React's; Preact hydrates it. Browser code must keep to
// what compat supports (src/storefront/README.md). To switch the browser back to React, drop `reactToPreact()` from
// the plugins: nothing else depends on it.

const clientEntry = 'src/storefront/entry-client.tsx'
const serverEntry = 'src/storefront/entry-server.tsx'
/** The tracking loader: on a page only after the payer's consent (docs/decisions/0074-tracking-with-consent.md). */
const trackingEntry = 'src/storefront/tracking/tracking-loader.ts'

/** `react*` imports -> Preact's compat layer, in the browser bundle only (decision 0099). */
const preactFor: Record<string, string> = {
  'react': 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}

function reactToPreact(): Plugin {
  return {
    name: 'sellfront:react-to-preact-in-browser',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = preactFor[source]
      if (!target) return null
      return this.resolve(target, importer, { ...options, skipSelf: true })
    },
  }
}

function noZodInBrowser(): Plugin {
  return {
    name: 'sellfront:no-zod-in-storefront',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const zod = Object.keys(chunk.modules).find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))
        if (zod && !process.env.SF_ALLOW_ZOD) this.error(`zod reached the storefront's browser bundle (${chunk.fileName} includes ${zod}); import only plain helpers from src/shared`)
      }
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  base: '/storefront/',
  publicDir: false,
  plugins: [react(), reactToPreact(), noZodInBrowser(), precompress()],
  // The marks' drawings are bundled into the server entry, only the icons used (src/storefront/lib/marks.tsx).
  ssr: { noExternal: ['react-svg-credit-card-payment-icons'] },
  build: isSsrBuild
    ? {
      outDir: 'dist/storefront/server',
      emptyOutDir: true,
      ssr: serverEntry,
      target: 'node20',
      sourcemap: true,
      rolldownOptions: {
        input: serverEntry, output: { entryFileNames: 'entry-server.js' },
        // The card icon package declares no sideEffects: without this all of its 18 icons would be kept.
        treeshake: { moduleSideEffects: (id: string) => !/node_modules[\\/]react-svg-credit-card-payment-icons[\\/]/.test(id) },
      },
    }
    : {
      outDir: 'dist/storefront/client',
      emptyOutDir: true,
      manifest: true,
      sourcemap: true,
      target: 'es2022',
      rolldownOptions: { input: [clientEntry, trackingEntry], treeshake: { manualPureFunctions: ['z'] } },
    },
}))
