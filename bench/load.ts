// Runs one load against a bench's server from a separate process (bench/load-generator.mjs): a generator
// sharing the server's event loop caps the fast side and flatters every ratio (docs/QUALITY.md).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export type LoadOptions = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; uniqueQuery?: string }
export type LoadResult = { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number }

const generator = fileURLToPath(new URL('./load-generator.mjs', import.meta.url))

/** Runs autocannon in its own Node process while this process's event loop keeps serving; answers its figures. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const args = JSON.stringify({ connections: 10, duration: Number(process.env.BENCH_SECONDS ?? 5), ...options })
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [generator, args], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk) => { out += chunk })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load generator exited with ${code}`))))
  })
}
