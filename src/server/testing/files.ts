import { existsSync } from 'node:fs'
import path from 'node:path'
import { deflateSync } from 'node:zlib'

// Real files built in code for upload tests (the shared fixtures hold no images).

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid RGB PNG of `width` x `height` filled with one colour. */
export function solidPng(width = 4, height = 4, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', new Uint8Array()),
  ])
}

/** A file that is not an image whatever its name says. */
export const plainText = Buffer.from('This is plain text, not a picture.\n')

/**
 * The shared real-world fixtures (resumes, feeds, CSVs), read in place, never
 * copied into the project: beside the project as ../shared/fixtures, or where
 * FIXTURES_DIR says (a clone checked out elsewhere).
 */
export const fixturesDir =
  [
    process.env.FIXTURES_DIR,
    path.resolve(import.meta.dirname, '../../../../shared/fixtures'),
    '/work/shared/fixtures',
  ].find((candidate): candidate is string => !!candidate && existsSync(candidate)) ?? '/work/shared/fixtures'

export const fixturePath = (...parts: string[]) => path.join(fixturesDir, ...parts)
