// The fault battery's S3 stand-in (tests/stand-ins/s3-stand-in.ts) in a process of its own, so bench/faults.ts can
// kill it with SIGKILL in the middle of an upload and start it again on the same port over the same folder.
// Arguments: port, folder, bucket. Prints `ready <endpoint>` once it listens.
import { startS3StandIn } from '../tests/stand-ins/s3-stand-in'

const [port, directory, bucket] = process.argv.slice(2)
const s3 = await startS3StandIn(bucket, { port: Number(port), directory })
process.stdout.write(`ready ${s3.endpoint}\n`)
