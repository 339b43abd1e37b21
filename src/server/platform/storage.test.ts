import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { avatarKey } from '#server/modules/profile/service.ts'
import { fixturePath, plainText, solidPng } from '#server/testing/files.ts'
import { createTestApp } from '#server/testing/harness.ts'
import { startS3StandIn } from '#server/testing/s3-stand-in.ts'
import { createS3Storage } from './storage-s3.ts'
import {
  createDiskStorage,
  detectFileType,
  newObjectKey,
  objectResponse,
  parseRange,
  type Storage,
  type StoredObject,
} from './storage.ts'

/** A zip of stored (uncompressed) entries: enough for a .docx to be known by its bytes. */
function storedZip(entries: Array<[name: string, text: string]>): Buffer {
  return Buffer.concat(
    entries.flatMap(([name, text]) => {
      const data = Buffer.from(text)
      const fileName = Buffer.from(name)
      const header = Buffer.alloc(30)
      header.writeUInt32LE(0x04034b50, 0)
      header.writeUInt16LE(20, 4)
      header.writeUInt32LE(crc32(data), 14)
      header.writeUInt32LE(data.length, 18)
      header.writeUInt32LE(data.length, 22)
      header.writeUInt16LE(fileName.length, 26)
      return [header, fileName, data]
    }),
  )
}

// One contract, every driver: what the disk driver does, the S3 driver does too
// (here against s3rver, a local server speaking the S3 protocol).
const drivers: Array<[name: string, start: () => Promise<{ storage: Storage; stop: () => Promise<void> }>]> = [
  [
    'on disk',
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'prestige-storage-'))
      return { storage: createDiskStorage(root), stop: () => rm(root, { recursive: true, force: true }) }
    },
  ],
  [
    'in an S3 bucket',
    async () => {
      const s3 = await startS3StandIn()
      return { storage: createS3Storage(s3.options), stop: s3.stop }
    },
  ],
]

const text = (object: StoredObject | undefined) => new Response(object!.body).text()

describe.each(drivers)('file storage %s', (_, start) => {
  let storage: Storage
  let stop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    ;({ storage, stop } = await start())
  })
  afterAll(() => stop?.())

  test('stores, streams and deletes an object', async () => {
    const key = newObjectKey('community', 'png')
    const bytes = solidPng()
    await storage.put(key, bytes, { contentType: 'image/png', visibility: 'private' })
    const object = await storage.get(key)
    expect(object).toMatchObject({ contentType: 'image/png', visibility: 'private', size: bytes.length })
    expect(object!.range).toBeUndefined()
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(bytes)).toBe(true)
    await storage.delete(key)
    expect(await storage.get(key)).toBeUndefined()
  })

  test("keeps each object's content type and visibility, and replaces an object put again", async () => {
    const avatar = newObjectKey('avatars', 'png')
    const resume = newObjectKey('resumes', 'pdf')
    await storage.put(avatar, solidPng(), { contentType: 'image/png', visibility: 'public' })
    await storage.put(resume, Buffer.from('%PDF-1.4 resume'), { contentType: 'application/pdf', visibility: 'private' })
    const [publicObject, privateObject] = await Promise.all([storage.get(avatar), storage.get(resume)])
    expect(publicObject).toMatchObject({ contentType: 'image/png', visibility: 'public' })
    expect(privateObject).toMatchObject({ contentType: 'application/pdf', visibility: 'private', size: 15 })
    await publicObject!.body.cancel()
    expect(await text(privateObject)).toBe('%PDF-1.4 resume')

    await storage.put(avatar, Buffer.from('a new one'), { contentType: 'text/plain', visibility: 'private' })
    const replaced = await storage.get(avatar)
    expect(replaced).toMatchObject({ contentType: 'text/plain', visibility: 'private', size: 9 })
    expect(await text(replaced)).toBe('a new one')
  })

  test('serves the byte range asked for, clipped to the object; a range past its end gets it whole', async () => {
    const key = newObjectKey('community', 'txt')
    await storage.put(key, Buffer.from('hello world'), { contentType: 'text/plain', visibility: 'private' })
    const cases: Array<[header: string, range: { start: number; end: number } | undefined, body: string]> = [
      ['bytes=6-10', { start: 6, end: 10 }, 'world'],
      ['bytes=6-', { start: 6, end: 10 }, 'world'],
      ['bytes=6-100', { start: 6, end: 10 }, 'world'],
      ['bytes=3-3', { start: 3, end: 3 }, 'l'],
      ['bytes=0-4', { start: 0, end: 4 }, 'hello'],
      ['bytes=11-', undefined, 'hello world'],
      ['bytes=50-60', undefined, 'hello world'],
    ]
    for (const [header, range, body] of cases) {
      const object = await storage.get(key, parseRange(header))
      expect(object, header).toMatchObject({ contentType: 'text/plain', size: 11, range })
      const response = objectResponse(object!, 60)
      expect(response.status, header).toBe(range ? 206 : 200)
      expect(response.headers.get('Content-Range'), header).toBe(range ? `bytes ${range.start}-${range.end}/11` : null)
      expect(response.headers.get('Content-Length'), header).toBe(String(body.length))
      expect(await response.text(), header).toBe(body)
    }
  })

  test('answers nothing for a missing key, and deleting one is fine', async () => {
    const key = newObjectKey('community', 'png')
    expect(await storage.get(key)).toBeUndefined()
    expect(await storage.get(key, { start: 0, end: 10 })).toBeUndefined()
    await expect(storage.delete(key)).resolves.toBeUndefined()
  })

  test('refuses keys that could leave its folder', async () => {
    await expect(
      storage.put('../outside.png', solidPng(), { contentType: 'image/png', visibility: 'public' }),
    ).rejects.toThrow('Invalid storage key')
    await expect(storage.get('community/../../etc/passwd')).rejects.toThrow('Invalid storage key')
    await expect(storage.get('/etc/passwd')).rejects.toThrow('Invalid storage key')
    await expect(storage.delete('community/../x.png')).rejects.toThrow('Invalid storage key')
    await expect(storage.get('Community/Photo.PNG')).rejects.toThrow('Invalid storage key')
  })
})

describe('the app with STORAGE_DRIVER=s3', () => {
  test('keeps an uploaded picture in the bucket and serves it through its own route', async () => {
    const s3 = await startS3StandIn()
    const t = await createTestApp(s3.env)
    try {
      const alice = await t.signedIn()
      const form = new FormData()
      form.set('avatar', new File([new Uint8Array(solidPng(40, 40, [0, 128, 0]))], 'green.png', { type: 'image/png' }))
      expect((await alice.post('/api/profile/me/avatar', form)).status).toBe(200)

      const inBucket = await createS3Storage(s3.options).get(avatarKey(alice.member.id))
      expect(inBucket).toMatchObject({ contentType: 'image/png', visibility: 'public' })
      const stored = Buffer.from(await new Response(inBucket!.body).arrayBuffer())
      const served = await (await t.signedIn()).get(`/api/profile/avatars/${alice.member.id}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true)
    } finally {
      await t.close()
      await s3.stop()
    }
  })

  // Hono answers HEAD with the GET handler and drops its body: uncancelled, each
  // stream kept one of the S3 client's 50 sockets until every file read hung.
  test('HEAD requests of a file close its stream, so they never use up the connections', async () => {
    const s3 = await startS3StandIn()
    const t = await createTestApp(s3.env)
    const storage = t.deps.storage
    let opened = 0
    let closed = 0
    t.deps.storage = {
      ...storage,
      async get(key, range) {
        const object = await storage.get(key, range)
        if (!object) return object
        opened++
        let ended = false
        const end = () => {
          if (!ended) closed++
          ended = true
        }
        const reader = object.body.getReader()
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { done, value } = await reader.read()
            if (done) {
              end()
              controller.close()
            } else controller.enqueue(value)
          },
          async cancel(reason) {
            end()
            await reader.cancel(reason)
          },
        })
        return { ...object, body }
      },
    }
    try {
      const alice = await t.signedIn()
      const form = new FormData()
      form.set('avatar', new File([new Uint8Array(solidPng(40, 40, [0, 128, 0]))], 'green.png', { type: 'image/png' }))
      expect((await alice.post('/api/profile/me/avatar', form)).status).toBe(200)
      const reader = await t.signedIn()
      for (let i = 0; i < 60; i++) {
        const head = await reader.request('HEAD', `/api/profile/avatars/${alice.member.id}`)
        expect(head.status).toBe(200)
      }
      await expect.poll(() => closed, { timeout: 15_000 }).toBe(opened)
      // and a reading after them all is still served
      expect((await reader.get(`/api/profile/avatars/${alice.member.id}`)).status).toBe(200)
    } finally {
      await t.close()
      await s3.stop()
    }
  })
})

describe('uploaded files', () => {
  test('knows a file by its bytes, not its name', async () => {
    expect(await detectFileType(solidPng(), ['image', 'video'])).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      extension: 'png',
    })
    expect(await detectFileType(plainText, ['image', 'video'])).toBeUndefined()
    expect(await detectFileType(solidPng(), ['video'])).toBeUndefined()
  })

  test('knows a PDF, DOC or DOCX document by its bytes and refuses a program named .pdf', async () => {
    const pdf = await readFile(fixturePath('resumes', 'rendercv_john_doe_moderncv.pdf'))
    expect(await detectFileType(pdf, ['document'])).toMatchObject({
      kind: 'document',
      mime: 'application/pdf',
      extension: 'pdf',
    })
    const docx = storedZip([
      [
        '[Content_Types].xml',
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
      ['word/document.xml', '<w:document/>'],
    ])
    expect(await detectFileType(docx, ['document'])).toMatchObject({ kind: 'document', extension: 'docx' })
    // a legacy .doc is an OLE compound file holding a WordDocument stream; an installer (.msi) is one without
    const compoundFile = (...streams: string[]) =>
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(504),
        ...streams.map((name) => Buffer.from(name, 'utf16le')),
        Buffer.alloc(600),
      ])
    expect(await detectFileType(compoundFile('Root Entry', 'WordDocument', '1Table'), ['document'])).toMatchObject({
      kind: 'document',
      mime: 'application/x-cfb',
    })
    expect(await detectFileType(compoundFile('Root Entry', 'SummaryInformation'), ['document'])).toBeUndefined()
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(200),
    ])
    expect(await detectFileType(program, ['document'])).toBeUndefined()
    expect(await detectFileType(plainText, ['document'])).toBeUndefined()
    expect(await detectFileType(solidPng(), ['document'])).toBeUndefined()
  })

  test('reads single byte ranges only', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=100-')).toEqual({ start: 100, end: undefined })
    expect(parseRange('bytes=5-1')).toBeUndefined()
    expect(parseRange('bytes=0-1,4-5')).toBeUndefined()
  })
})
