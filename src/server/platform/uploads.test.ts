import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, test } from 'vitest'
import { AppError } from '#server/platform/app-error.ts'
import { createDiskStorage, type Storage } from '#server/platform/storage.ts'
import { deleteStoredFile, storeThenRecord, uploadForm, type UploadCtx } from './uploads.ts'

const root = await mkdtemp(path.join(os.tmpdir(), 'prestige-uploads-'))
afterAll(() => rm(root, { recursive: true, force: true }))

/** A request context on real disk storage, keeping what it logs. */
function uploadCtx(storage: Storage = createDiskStorage(root)) {
  const logged: string[] = []
  const log = (_fields: unknown, message: string) => void logged.push(message)
  const ctx: UploadCtx = { deps: { storage }, logger: { warn: log, error: log } as unknown as UploadCtx['logger'] }
  return { ctx, storage, logged }
}

const picture = (text: string) => ({
  area: 'test-uploads',
  extension: 'png',
  bytes: new TextEncoder().encode(text),
  contentType: 'image/png',
  visibility: 'public' as const,
})

async function textOf(storage: Storage, key: string) {
  const object = await storage.get(key)
  return object ? new Response(object.body).text() : undefined
}

describe('keeping an uploaded file with its row', () => {
  test('the file is stored before the row is written, so the row never points at a missing file', async () => {
    const { ctx, storage } = uploadCtx()
    let seenWhileWriting: string | undefined
    let storedKey = ''
    const result = await storeThenRecord(ctx, picture('new logo'), async (key) => {
      storedKey = key
      seenWhileWriting = await textOf(storage, key)
      return { result: 'row written' }
    })
    expect(result).toBe('row written')
    expect(storedKey).toMatch(/^test-uploads\/[0-9a-f-]{36}\.png$/)
    expect(seenWhileWriting).toBe('new logo')
    expect(await textOf(storage, storedKey)).toBe('new logo')
  })

  test('a failed write deletes the new file and answers its own error; the old file stays', async () => {
    const { ctx, storage } = uploadCtx()
    const old = await storeThenRecord(ctx, picture('old logo'), async (key) => ({ result: key }))
    const failure = new AppError('NOT_FOUND', 'Job Not Found')
    let storedKey = ''
    const refused = storeThenRecord(ctx, picture('new logo'), async (key) => {
      storedKey = key
      throw failure
    })
    await expect(refused).rejects.toBe(failure)
    expect(await storage.get(storedKey)).toBeUndefined()
    expect(await textOf(storage, old)).toBe('old logo')
  })

  test('the replaced file is deleted only once the write has committed', async () => {
    const { ctx, storage } = uploadCtx()
    const old = await storeThenRecord(ctx, picture('old logo'), async (key) => ({ result: key }))
    let oldWhileWriting: string | undefined
    const current = await storeThenRecord(ctx, picture('new logo'), async (key) => {
      oldWhileWriting = await textOf(storage, old)
      return { result: key, replacedKey: old }
    })
    expect(oldWhileWriting).toBe('old logo')
    expect(await storage.get(old)).toBeUndefined()
    expect(await textOf(storage, current)).toBe('new logo')
  })

  test('a file kept under a fixed key is overwritten in place, and kept when the write fails', async () => {
    const { ctx, storage } = uploadCtx()
    const { area: _area, extension: _extension, ...bytes } = picture('first')
    const avatar = { ...bytes, fixedKey: 'test-avatars/member.png' }
    await storeThenRecord(ctx, avatar, async () => ({ result: undefined }))
    await expect(
      storeThenRecord(ctx, { ...avatar, bytes: new TextEncoder().encode('second') }, async () => {
        throw new Error('database gone')
      }),
    ).rejects.toThrow('database gone')
    // the row points at this key whatever it says: deleting would leave the member no picture at all
    expect(await textOf(storage, 'test-avatars/member.png')).toBe('second')
  })

  test('a file that cannot be deleted is logged, never a failure: the row is what counts', async () => {
    const disk = createDiskStorage(root)
    const { ctx, logged } = uploadCtx({
      ...disk,
      delete: async () => {
        throw new Error('disk gone')
      },
    })
    const old = await storeThenRecord(uploadCtx(disk).ctx, picture('old'), async (key) => ({ result: key }))
    await expect(storeThenRecord(ctx, picture('new'), async () => ({ result: 'ok', replacedKey: old }))).resolves.toBe(
      'ok',
    )
    await expect(deleteStoredFile(ctx, old)).resolves.toBeUndefined()
    await expect(
      storeThenRecord(ctx, picture('orphan'), async () => {
        throw new Error('write failed')
      }),
    ).rejects.toThrow('write failed')
    expect(logged).toEqual(['upload not deleted', 'upload not deleted', 'orphaned upload not deleted'])
  })
})

describe('an upload form', () => {
  const logoForm = uploadForm({
    files: ['logo'],
    text: ['caption'],
    maxFileBytes: 1024,
    messages: { tooLarge: 'Image must be less than 1KB', unreadable: 'Failed to save job' },
  })
  const app = new Hono()
    .post('/logo', logoForm.limit, async (c) => {
      const { text, files } = await logoForm.read(c)
      return c.json({ caption: text.caption ?? null, logo: files.logo ? await files.logo.text() : null })
    })
    .onError((error, c) =>
      error instanceof AppError
        ? c.json({ message: error.message, fields: error.fields ?? null }, 400)
        : c.json({ message: 'internal' }, 500),
    )

  const post = (body: BodyInit, headers?: Record<string, string>) =>
    app.request('/logo', { method: 'POST', body, headers })

  test('gives the declared text and file fields', async () => {
    const form = new FormData()
    form.set('caption', 'Our logo')
    form.set('logo', new File(['png bytes'], 'logo.png', { type: 'image/png' }))
    form.set('other', 'not declared')
    const response = await post(form)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ caption: 'Our logo', logo: 'png bytes' })
  })

  test('a field of the wrong kind, or an empty file input, is missing', async () => {
    const form = new FormData()
    form.set('caption', new File(['a file'], 'caption.txt'))
    form.set('logo', 'just text')
    expect(await (await post(form)).json()).toEqual({ caption: null, logo: null })
    const empty = new FormData()
    empty.set('logo', new File([], ''))
    expect(await (await post(empty)).json()).toEqual({ caption: null, logo: null })
  })

  test("a body over the limit is refused in the area's words, on the file field", async () => {
    const form = new FormData()
    form.set('logo', new File([new Uint8Array(1024 + 64 * 1024 + 1)], 'big.png'))
    const response = await post(form)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'Image must be less than 1KB',
      fields: { logo: 'Image must be less than 1KB' },
    })
  })

  test("a body that is no readable form answers the area's message, never a 500", async () => {
    const response = await post('--nothing-like-a-form', { 'content-type': 'multipart/form-data; boundary=xyz' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Failed to save job', fields: null })
  })
})
