import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

// A local S3-compatible store for tests (the `s3rver` package) on 127.0.0.1, with one bucket. Its objects live
// in a temporary folder removed on close.

export type S3StandIn = {
  endpoint: string
  bucket: string
  /** The S3_* settings that point the platform at it. */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * `options.port` and `options.directory` start it on a given port over a given folder (kept on close): the
 * fault battery (bench/faults.ts) kills its process and starts it again where it was, objects included.
 */
export async function startS3StandIn(bucket = 'sellfront-test', options: { port?: number; directory?: string } = {}): Promise<S3StandIn> {
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'sellfront-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint, bucket,
    // s3rver accepts the key pair S3RVER / S3RVER.
    env: { STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close()
      if (!options.directory) rmSync(directory, { recursive: true, force: true })
    },
  }
}
