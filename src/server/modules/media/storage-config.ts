import { resolve } from 'node:path'
import type { Config } from '../../config'
import { S3Storage } from './s3-storage'
import { LocalStorage, type Storage } from './storage'

// The store a configuration names (STORAGE and its S3_* settings), apart from storage.ts so the two stores'
// files do not import each other.

type StorageConfig = Pick<Config, 'STORAGE' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PREFIX'>
  & Partial<Pick<Config, 'S3_PRESIGNED_DOWNLOADS' | 'S3_PUBLIC_ENDPOINT'>>

/** The local store of a configuration: DATA_DIR/uploads (created on the first write). */
export function localStorageOf(config: Pick<Config, 'DATA_DIR'>): LocalStorage {
  return new LocalStorage(resolve(config.DATA_DIR, 'uploads'))
}

/** The S3 store of a configuration (its S3_* settings), whatever STORAGE says: the copy command reads it too. */
export function s3StorageOf(config: StorageConfig): S3Storage {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set')
  return new S3Storage({
    bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT, forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY, prefix: config.S3_PREFIX,
    // Presigned URLs only when asked for: they work only where browsers reach the store (docs/decisions/0101-presigned-downloads.md).
    presign: config.S3_PRESIGNED_DOWNLOADS ? { endpoint: config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT } : undefined,
  })
}

/** The configured storage: local disk, or the S3-compatible bucket (docs/decisions/0081-s3-storage.md). */
export function createStorage(config: StorageConfig): Storage {
  switch (config.STORAGE) {
    case 'local':
      return localStorageOf(config)
    case 's3':
      return s3StorageOf(config)
  }
}
