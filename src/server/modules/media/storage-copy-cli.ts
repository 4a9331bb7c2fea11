// `npm run storage:copy-to-s3`: copies DATA_DIR/uploads to the bucket the S3_* settings name and checks every
// object (docs/decisions/0081-s3-storage.md). Then set STORAGE=s3 and restart. Exit code 1 if any object failed.
import { loadConfig } from '../../config'
import { localStorageOf, s3StorageOf } from './storage-config'
import { copyStore } from './storage-copy'

const config = loadConfig()
const report = await copyStore(localStorageOf(config), s3StorageOf(config), (line) => console.log(line))
console.log(`${report.copied} copied, ${report.alreadyThere} already there, ${report.failed.length} failed`)
process.exit(report.failed.length > 0 ? 1 : 0)
