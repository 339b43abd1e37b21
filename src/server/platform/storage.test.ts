import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { plainText, solidPng } from '#server/testing/files.ts'
import { createDiskStorage, detectFileType, newObjectKey, parseRange } from './storage.ts'

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
    await expect(storage.put('../outside.png', solidPng(), { contentType: 'image/png', visibility: 'public' })).rejects.toThrow('Invalid storage key')
    await expect(storage.get('community/../../etc/passwd')).rejects.toThrow('Invalid storage key')
  })

  test('knows a file by its bytes, not its name', async () => {
    expect(await detectFileType(solidPng(), ['image', 'video'])).toMatchObject({ kind: 'image', mime: 'image/png', extension: 'png' })
    expect(await detectFileType(plainText, ['image', 'video'])).toBeUndefined()
    expect(await detectFileType(solidPng(), ['video'])).toBeUndefined()
  })

  test('reads single byte ranges only', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=100-')).toEqual({ start: 100, end: undefined })
    expect(parseRange('bytes=5-1')).toBeUndefined()
    expect(parseRange('bytes=0-1,4-5')).toBeUndefined()
  })
})
