import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { S3StorageOptions } from '#server/platform/storage-s3.ts'

// s3rver ships no types: the part of it used here
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void>; httpServer?: Server }
type S3rverClass = new (options: {
  address: string
  port: number
  silent: boolean
  directory: string
  configureBuckets: Array<{ name: string }>
}) => S3rverInstance
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

/**
 * A local server speaking the S3 protocol (s3rver, objects in a temporary folder),
 * with one empty bucket, standing in for an S3-compatible object store. The app's
 * S3 driver is pointed at it through `env` (or `options` for `createS3Storage`).
 */
export async function startS3StandIn(bucket = 'prestige-test') {
  // the SDK warns once per process that it will need a newer Node: not this test's concern
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  const directory = await mkdtemp(path.join(os.tmpdir(), 'prestige-s3-'))
  // s3rver accepts requests signed with its built-in account S3RVER / S3RVER
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const options: S3StorageOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  return {
    port,
    options,
    /** The configuration that makes the app store its files in this server's bucket. */
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: options.endpoint,
      S3_REGION: options.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      const closed = server.close()
      // the SDK keeps its connections open for reuse: end them so the close completes
      server.httpServer?.closeAllConnections()
      await closed
      await rm(directory, { recursive: true, force: true })
    },
  }
}
