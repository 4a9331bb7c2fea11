import { createHash } from 'node:crypto'
import type { LocalStorage, Storage } from './storage'

// Moving a local store to S3 (docs/decisions/0081-s3-storage.md): every object copied, then read back from the
// target and compared by size and SHA-256. Run again, it copies only what is missing or differs, so a copy
// cut short is finished by the next run; the local files are left in place.

export type CopyReport = { copied: number; alreadyThere: number; failed: { key: string; reason: string }[] }

async function sha256Of(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of await storage.getStream(key)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

export async function copyStore(from: LocalStorage, to: Storage, log: (line: string) => void = () => {}): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, failed: [] }
  for await (const key of from.keys()) {
    try {
      const size = await from.size(key)
      const sourceHash = await sha256Of(from, key)
      if ((await to.exists(key)) && (await to.size(key)) === size && (await sha256Of(to, key)) === sourceHash) {
        report.alreadyThere++
        continue
      }
      await to.put(key, await from.getStream(key))
      const [copiedSize, copiedHash] = [await to.size(key), await sha256Of(to, key)]
      if (copiedSize !== size || copiedHash !== sourceHash) throw new Error(`read back ${copiedSize} bytes with another checksum (expected ${size})`)
      report.copied++
      log(`copied ${key} (${size} bytes)`)
    } catch (error) {
      report.failed.push({ key, reason: error instanceof Error ? error.message : String(error) })
      log(`FAILED ${key}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return report
}
