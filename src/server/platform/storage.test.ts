import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { afterAll, describe, expect, test } from 'vitest'
import { fixturePath, plainText, solidPng } from '#server/testing/files.ts'
import { createDiskStorage, detectFileType, newObjectKey, parseRange } from './storage.ts'

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

describe('file storage on disk', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'prestige-storage-'))
  const storage = createDiskStorage(root)
  afterAll(() => rm(root, { recursive: true, force: true }))

  test('stores, streams and deletes an object', async () => {
    const key = newObjectKey('community', 'png')
    const bytes = solidPng()
    await storage.put(key, bytes, { contentType: 'image/png', visibility: 'private' })
    const object = await storage.get(key)
    expect(object).toMatchObject({ contentType: 'image/png', visibility: 'private', size: bytes.length })
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(bytes)).toBe(true)
    await storage.delete(key)
    expect(await storage.get(key)).toBeUndefined()
  })

  test('refuses keys that could leave its folder', async () => {
    await expect(
      storage.put('../outside.png', solidPng(), { contentType: 'image/png', visibility: 'public' }),
    ).rejects.toThrow('Invalid storage key')
    await expect(storage.get('community/../../etc/passwd')).rejects.toThrow('Invalid storage key')
  })

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
