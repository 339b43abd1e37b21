import { AppError } from '#server/platform/app-error.ts'
import type { Logger } from '#server/platform/logger.ts'
import { isVideoContainer } from '#server/platform/media.ts'
import { normalizePhoto } from '#server/platform/pictures.ts'
import { detectFileType } from '#server/platform/storage.ts'
import { communityMessages, mediaMaxBytes, photoMaxPixels, photoMaxSide } from '#shared/community/schemas.ts'

export type PostMedia = { bytes: Uint8Array; mime: string; extension: string; type: 'image' | 'video' }

/**
 * A post's media as it is stored (spec 000 §5, §9), judged by its own bytes whatever
 * its name or the browser said: at most 5 MB; a photo decoded within the pixel limit
 * and re-encoded (upright, no metadata, at most `photoMaxSide` px), so nobody's
 * browser is handed a decompression bomb or another member's GPS position; a video
 * whose container holds together. Videos are not re-encoded (no transcoder here):
 * browsers decode them with limits of their own.
 */
export async function preparePostMedia(file: File, logger: Logger): Promise<PostMedia> {
  const refuse = (message: string) => new AppError('VALIDATION', message, { media: message })
  if (file.size > mediaMaxBytes) throw refuse(communityMessages.fileTooLarge)
  const bytes = Buffer.from(await file.arrayBuffer())
  const detected = await detectFileType(bytes, ['image', 'video'])
  if (!detected) throw refuse(communityMessages.fileNotMedia)
  if (detected.kind === 'image') {
    const photo = await normalizePhoto(
      bytes,
      {
        maxSide: photoMaxSide,
        maxPixels: photoMaxPixels,
        field: 'media',
        messages: { notImage: communityMessages.imageUnreadable, tooManyPixels: communityMessages.imageTooManyPixels },
      },
      logger,
    )
    return { ...photo, type: 'image' }
  }
  if (!isVideoContainer(bytes, detected.mime)) throw refuse(communityMessages.videoUnreadable)
  return { bytes, mime: detected.mime, extension: detected.extension, type: 'video' }
}
