import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'

// The browser tests start a server per file (tests/e2e/harness.ts). Through tsx every start transpiles the
// server's some six hundred files again, about 2.5 s of each start; bundled once per run with esbuild it
// starts from one file (docs/decisions/0080-browser-tests-start-a-bundled-server.md). The packages stay
// external, so they load as under `npm start`.

/** Each source file keeps its own `import.meta.url`, so paths beside it (migrations, dist/) resolve as under tsx. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      const contents = source.includes('import.meta.url') ? source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)) : source
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' }
    })
  },
}

/** Bundles the server's entry and the manager CLI into `outdir`; answers their files. */
export async function bundleServer(outdir: string): Promise<{ main: string; createManager: string }> {
  await build({
    entryPoints: { main: 'src/server/main.ts', 'create-manager': 'src/server/modules/accounts/create-manager-cli.ts' },
    outdir, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external',
    outExtension: { '.js': '.mjs' }, logLevel: 'warning', plugins: [ownImportMetaUrl],
  })
  return { main: join(outdir, 'main.mjs'), createManager: join(outdir, 'create-manager.mjs') }
}
