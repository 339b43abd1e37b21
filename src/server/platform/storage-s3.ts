import type { GetObjectCommandOutput } from '@aws-sdk/client-s3'
import type { Config } from '#server/config.ts'
import { assertKey, type Storage, type StoredObject, type Visibility } from './storage.ts'

// The storage interface on an S3-compatible bucket (STORAGE_DRIVER=s3,
// docs/decisions/020). It behaves exactly as the disk driver: same keys, same
// answer for a missing object and for a range that cannot be met. Objects are
// written without any ACL (the bucket's private default): private files are
// never given a URL of their own, they stream through our routes with their
// access checks, as they do from disk.

export type S3StorageOptions = {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

export function createS3Storage(options: S3StorageOptions): Storage {
  // The SDK is loaded when this driver is chosen, not by every start: it is 22 MB
  // of the process's memory and up to a second of its start (docs/decisions/038).
  // A failed load fails the first call that needs it.
  const sdk = import('@aws-sdk/client-s3')
  sdk.catch(() => {})
  const connected = sdk.then(
    ({ S3Client }) =>
      new S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // a store that stops answering fails the request instead of holding a socket for good
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        // Checksums only where S3 requires them: the SDK's newer default headers
        // (x-amz-checksum-*) are refused by several S3-compatible stores. Uploads stay
        // covered by the signed payload hash.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
  )
  connected.catch(() => {})
  const Bucket = options.bucket

  const fetchObject = async (key: string, range?: { start: number; end?: number }) => {
    const [{ GetObjectCommand, S3ServiceException }, client] = await Promise.all([sdk, connected])
    try {
      return await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end ?? ''}` }),
      )
    } catch (error) {
      // NoSuchKey, or a bare 404 from stores (and HEAD-style answers) that name it otherwise
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
        return undefined
      // a range starting past the end: served whole, as the disk driver does
      if (range && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
        return fetchObject(key)
      throw error
    }
  }

  return {
    async put(key, bytes, info) {
      assertKey(key)
      const [{ PutObjectCommand }, client] = await Promise.all([sdk, connected])
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: info.contentType,
          Metadata: { visibility: info.visibility },
        }),
      )
    },
    async get(key, range) {
      assertKey(key)
      const output = await fetchObject(key, range)
      if (!output) return undefined
      if (!output.Body) throw new Error(`Storage object without a body: ${key}`)
      const { size, served } = extent(output)
      const visibility: Visibility = output.Metadata?.visibility === 'public' ? 'public' : 'private'
      const object: StoredObject = {
        contentType: output.ContentType ?? 'application/octet-stream',
        visibility,
        size,
        range: served,
        // streamed as it arrives, never held whole in memory
        body: output.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      }
      return object
    },
    async delete(key) {
      assertKey(key)
      const [{ DeleteObjectCommand }, client] = await Promise.all([sdk, connected])
      // S3 answers a delete of a missing key with success, as the disk driver does
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}

/** The object's full size and the byte range the answer holds (from Content-Range when the store sent one). */
function extent(output: GetObjectCommandOutput): { size: number; served?: { start: number; end: number } } {
  const match = output.ContentRange?.match(/^bytes (\d+)-(\d+)\/(\d+)$/)
  if (match) {
    const size = Number(match[3])
    // an empty object holds no byte to range over: it is served whole
    return size > 0 ? { size, served: { start: Number(match[1]), end: Number(match[2]) } } : { size }
  }
  if (output.ContentLength === undefined) throw new Error('Storage answer without a length')
  return { size: output.ContentLength }
}

/** The S3 driver's options from the configuration (which refuses STORAGE_DRIVER=s3 without them). */
export function s3StorageOptions(config: Config): S3StorageOptions {
  const { S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE } = config
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
    throw new Error('STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  return {
    endpoint: S3_ENDPOINT,
    region: S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: S3_FORCE_PATH_STYLE,
  }
}
