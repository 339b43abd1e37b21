import sharp from 'sharp'
import { AppError } from '#server/platform/app-error.ts'
import type { Logger } from '#server/platform/logger.ts'
import { detectFileType } from '#server/platform/storage.ts'

/** Pixels (width x height) decoded when a rule names no limit of its own. */
const pictureMaxPixels = 50_000_000

/** How a picture is re-encoded (see `reencode`). */
export type PhotoRules = {
  /** longest side kept, in pixels */
  maxSide: number
  /**
   * Pixels decoded at most: a file a few hundred KB small can claim 20000 x 20000 px
   * and unpack into gigabytes, here and in every browser that shows it.
   */
  maxPixels?: number
  /** the form field the refusal belongs to */
  field: string
  messages: { notImage: string; tooManyPixels?: string }
}

export type PictureRules = PhotoRules & { maxBytes: number; messages: { tooLarge: string } }

export type Picture = { bytes: Buffer; mime: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' }

// What sharp may decode here: the image types storage accepts (AVIF reads as heif).
// Never SVG, TIFF, PDF or the other formats sharp could also open.
const decodableFormats = new Set(['jpeg', 'png', 'gif', 'webp', 'heif'])

/**
 * The one re-encoding of uploaded pictures: the header is read first and an image
 * over the pixel limit refused before a pixel is decoded (sharp enforces the limit
 * again while decoding); then turned upright per its EXIF orientation, fitted
 * inside `maxSide` without enlarging, and written afresh, which keeps none of the
 * file's metadata (EXIF with GPS position, XMP, comments) nor anything appended.
 * A GIF keeps its first frame only: animations are not re-encoded.
 */
async function reencode(
  bytes: Uint8Array,
  rules: PhotoRules,
  output: 'png' | 'photo',
  logger: Logger,
): Promise<Picture> {
  const refuse = (message: string) => new AppError('VALIDATION', message, { [rules.field]: message })
  const maxPixels = rules.maxPixels ?? pictureMaxPixels
  try {
    // the header only: no pixel is decoded by metadata()
    const { format, width = 0, height = 0, hasAlpha } = await sharp(bytes, { limitInputPixels: false }).metadata()
    if (!decodableFormats.has(format) || !width || !height) throw refuse(rules.messages.notImage)
    if (width * height > maxPixels) throw refuse(rules.messages.tooManyPixels ?? rules.messages.notImage)
    const image = sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: rules.maxSide, height: rules.maxSide, fit: 'inside', withoutEnlargement: true })
    // photos as JPEG (a fraction of a PNG's size); transparent pictures, and avatars and logos, as PNG
    if (output === 'photo' && !hasAlpha)
      return { bytes: await image.jpeg({ quality: 82 }).toBuffer(), mime: 'image/jpeg', extension: 'jpg' }
    return { bytes: await image.png().toBuffer(), mime: 'image/png', extension: 'png' }
  } catch (error) {
    if (error instanceof AppError) throw error
    logger.warn({ err: error, field: rules.field }, 'uploaded picture could not be decoded')
    throw refuse(rules.messages.notImage)
  }
}

/**
 * An uploaded picture (avatar, company logo) as the product keeps it: an image by
 * its own bytes, at most `maxBytes`, re-encoded (see `reencode`) as a PNG of at most
 * `maxSide` px. Refusals are VALIDATION errors with the area's own messages.
 */
export async function normalizePicture(file: File | undefined, rules: PictureRules, logger: Logger): Promise<Buffer> {
  const refuse = (message: string) => new AppError('VALIDATION', message, { [rules.field]: message })
  if (!file || file.size === 0) throw refuse(rules.messages.notImage)
  if (file.size > rules.maxBytes) throw refuse(rules.messages.tooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!(await detectFileType(bytes, ['image']))) throw refuse(rules.messages.notImage)
  return (await reencode(bytes, rules, 'png', logger)).bytes
}

/**
 * A photo already judged an image by its bytes and size (post media): re-encoded
 * the same way, as JPEG, or as PNG when it has an alpha channel so transparency
 * survives.
 */
export async function normalizePhoto(bytes: Uint8Array, rules: PhotoRules, logger: Logger): Promise<Picture> {
  return reencode(bytes, rules, 'photo', logger)
}
