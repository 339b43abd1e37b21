import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { errorOf } from '#server/testing/errors.ts'
import { communityMessages, photoMaxSide, type FeedAnswer, type PostView } from '#shared/community/schemas.ts'

// The project's own hero clips (docs/hero-media.md): real H.264 MP4 and VP9 WebM files under 5 MB.
const heroMedia = path.resolve(import.meta.dirname, '../../../../public/media')

type Media = { bytes: Buffer; name: string; type: string }

function postForm(content: string, media: Media) {
  const form = new FormData()
  form.set('content', content)
  form.set('media', new File([new Uint8Array(media.bytes)], media.name, { type: media.type }))
  return form
}

/** Whether EXIF data, as sharp's metadata() gives it ("Exif\0\0" then TIFF), points to a GPS block (tag 0x8825 of IFD0). */
function hasGpsPosition(exif: Buffer | undefined): boolean {
  if (!exif) return false
  const tiff = exif.subarray(6)
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4)
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12)).includes(0x8825)
}

describe('community post media', () => {
  let t: TestApp
  let alice: TestClient
  let bob: TestClient

  beforeAll(async () => {
    t = await createTestApp()
    alice = await t.signedIn({ subscribed: true, firstName: 'Alice', lastName: 'Author' })
    bob = await t.signedIn({ subscribed: true, firstName: 'Bob', lastName: 'Reader' })
  })
  afterAll(async () => t?.close())

  const postCount = async () => ((await (await bob.get('/api/community/posts')).json()) as FeedAnswer).posts.length

  async function served(post: PostView) {
    const response = await bob.get(post.media!.url)
    expect(response.status).toBe(200)
    return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) }
  }

  async function postMedia(media: Media) {
    const response = await alice.post('/api/community/posts', postForm('With media', media))
    expect(response.status).toBe(201)
    return (await response.json()) as PostView
  }

  test('a 20000 x 20000 px PNG of about a megabyte is refused, so nobody opening the feed has to unpack it', async () => {
    const bomb = await sharp({
      create: { width: 20000, height: 20000, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    const before = await postCount()
    const response = await alice.post(
      '/api/community/posts',
      postForm('Look', { bytes: bomb, name: 'white.png', type: 'image/png' }),
    )
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toMatchObject({
      message: communityMessages.imageTooManyPixels,
      fields: { media: communityMessages.imageTooManyPixels },
    })
    expect(await postCount()).toBe(before)
  })

  test('an image that cannot be decoded is refused with a clear message', async () => {
    const png = solidPng(64, 64)
    const broken = png.subarray(0, png.length - 40)
    const response = await alice.post(
      '/api/community/posts',
      postForm('Broken', { bytes: broken, name: 'broken.png', type: 'image/png' }),
    )
    expect(response.status).toBe(400)
    expect((await errorOf(response)).message).toBe(communityMessages.imageUnreadable)
  })

  test("a phone photo's GPS position and other metadata are removed, and a sideways photo is stored upright", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#36c' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const uploaded = await sharp(photo).metadata()
    expect(hasGpsPosition(uploaded.exif)).toBe(true)
    expect(uploaded.orientation).toBe(6)

    const post = await postMedia({ bytes: photo, name: 'IMG_0001.jpg', type: 'image/jpeg' })
    const { type, bytes } = await served(post)
    expect(type).toBe('image/jpeg')
    const stored = await sharp(bytes).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 300, height: 400 })
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
    expect(stored.xmp).toBeUndefined()
  })

  test('a big photo is stored no larger than 2048 px on its long side', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#8a5' } })
      .jpeg()
      .toBuffer()
    const { bytes } = await served(await postMedia({ bytes: photo, name: 'big.jpg', type: 'image/jpeg' }))
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: photoMaxSide, height: 1536 })
  })

  test('a picture with transparency stays a transparent PNG', async () => {
    const logo = await sharp({
      create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const { type, bytes } = await served(await postMedia({ bytes: logo, name: 'logo.png', type: 'image/png' }))
    expect(type).toBe('image/png')
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 120, height: 80, hasAlpha: true })
  })

  test('a text file named .mp4 is refused, even one whose first words read like a QuickTime movie', async () => {
    const before = await postCount()
    const text = await alice.post(
      '/api/community/posts',
      postForm('Clip', { bytes: plainText, name: 'clip.mp4', type: 'video/mp4' }),
    )
    expect(text.status).toBe(400)
    expect((await errorOf(text)).message).toBe(communityMessages.fileNotMedia)

    // bytes 5-8 read "free": file-type alone takes this for a QuickTime movie
    const lookalike = Buffer.from('Get free followers now, click the link!\n')
    const fake = await alice.post(
      '/api/community/posts',
      postForm('Clip', { bytes: lookalike, name: 'clip.mov', type: 'video/quicktime' }),
    )
    expect(fake.status).toBe(400)
    expect((await errorOf(fake)).message).toBe(communityMessages.videoUnreadable)
    expect(await postCount()).toBe(before)
  })

  test('a video cut short is refused', async () => {
    const mp4 = await readFile(path.join(heroMedia, 'hero.mp4'))
    const cut = await alice.post(
      '/api/community/posts',
      postForm('Clip', { bytes: mp4.subarray(0, mp4.length / 2), name: 'clip.mp4', type: 'video/mp4' }),
    )
    expect(cut.status).toBe(400)
    expect((await errorOf(cut)).message).toBe(communityMessages.videoUnreadable)
  })

  test('a real MP4 and a real WebM video are accepted and served as uploaded', async () => {
    for (const [name, type] of [
      ['hero.mp4', 'video/mp4'],
      ['hero.webm', 'video/webm'],
    ] as const) {
      const video = await readFile(path.join(heroMedia, name))
      const post = await postMedia({ bytes: video, name, type })
      expect(post.media?.type).toBe('video')
      const stored = await served(post)
      expect(stored.type).toBe(type)
      expect(stored.bytes.equals(video)).toBe(true)
    }
  })
})
