import sharp from 'sharp'
import { AppError } from '#server/platform/app-error.ts'
import type { Logger } from '#server/platform/logger.ts'
import { detectFileType } from '#server/platform/storage.ts'

export type PictureRules = {
  maxBytes: number
  /** longest side kept, in pixels */
  maxSide: number
  /** the form field the refusal belongs to */
  field: string
  messages: { tooLarge: string; notImage: string }
}

/**
 * An uploaded picture (avatar, company logo) as the product keeps it: an image by
 * its own bytes, at most `maxBytes`, turned upright per its EXIF orientation, at
 * most `maxSide` px on the longest side, re-encoded as PNG, which also drops
 * whatever else the file carried (metadata, trailing data). Refusals are
 * VALIDATION errors with the area's own messages.
 */
export async function normalizePicture(file: File | undefined, rules: PictureRules, logger: Logger): Promise<Buffer> {
  const refuse = (message: string) => new AppError('VALIDATION', message, { [rules.field]: message })
  if (!file || file.size === 0) throw refuse(rules.messages.notImage)
  if (file.size > rules.maxBytes) throw refuse(rules.messages.tooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!(await detectFileType(bytes, ['image']))) throw refuse(rules.messages.notImage)
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: rules.maxSide, height: rules.maxSide, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer()
  } catch (error) {
    logger.warn({ err: error, field: rules.field }, 'uploaded picture could not be decoded')
    throw refuse(rules.messages.notImage)
  }
}
