import { AppError } from '#server/platform/app-error.ts'
import type { Logger } from '#server/platform/logger.ts'
import { normalizePhoto, type Picture } from '#server/platform/pictures.ts'
import { detectFileType, newObjectKey, type Storage } from '#server/platform/storage.ts'

// The picture of an admin form (a course's, an event's, a blog post's; spec 002
// §5 Image upload): uploaded as soon as it is chosen, before the record is saved,
// and its key sent with the record. One rule set for every area: the file is an
// image by its own bytes, under the area's size, re-encoded (upright, no
// metadata, JPEG or PNG when transparent) and stored public under the area's
// folder; the key a form sends back must be one of that folder that is there.

export type FormImageRules = {
  /** the storage folder, e.g. 'event-images' */
  area: string
  maxBytes: number
  /** longest side of the stored picture, in pixels */
  maxSide: number
  messages: {
    /** no file, or one that is no image */
    notImage: string
    tooLarge: string
    /** a key the area never answered, or whose file is gone (VALIDATION on `imageKey`) */
    notFound: string
  }
}

type ImageCtx = { deps: { storage: Storage }; logger: Logger }

export function formImages(rules: FormImageRules) {
  const keyPattern = new RegExp(
    `^${rules.area}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(png|jpg)$`,
  )
  const refuseImage = (message: string) => new AppError('VALIDATION', message, { image: message })
  const refuseKey = () => new AppError('VALIDATION', rules.messages.notFound, { imageKey: rules.messages.notFound })

  return {
    refuseKey,

    /** The uploaded file as the area keeps it, or a VALIDATION refusal on `image`. */
    async prepare(ctx: ImageCtx, file: File | undefined): Promise<Picture> {
      if (!file || file.size === 0) throw refuseImage(rules.messages.notImage)
      if (file.size > rules.maxBytes) throw refuseImage(rules.messages.tooLarge)
      const bytes = new Uint8Array(await file.arrayBuffer())
      if (!(await detectFileType(bytes, ['image']))) throw refuseImage(rules.messages.notImage)
      return normalizePhoto(
        bytes,
        { maxSide: rules.maxSide, field: 'image', messages: { notImage: rules.messages.notImage } },
        ctx.logger,
      )
    },

    /** Stores a prepared picture under a new key of the area's folder. */
    async store(ctx: ImageCtx, picture: Picture): Promise<string> {
      const key = newObjectKey(rules.area, picture.extension)
      await ctx.deps.storage.put(key, picture.bytes, { contentType: picture.mime, visibility: 'public' })
      return key
    },

    /**
     * The key a form sent: the record's own, or one of this area's folder whose
     * file is there. Any other (another area's file, an invented one) is refused:
     * the area's image route would serve it, and replacing it would delete it.
     * Outside the write's transaction (storage may be a network away); the
     * caller checks inside it that no other record shows the same file.
     */
    async checkKey(ctx: ImageCtx, key: string | null, currentKey?: string | null): Promise<void> {
      if (key === null || key === currentKey) return
      if (!keyPattern.test(key)) throw refuseKey()
      const stored = await ctx.deps.storage.get(key)
      if (!stored) throw refuseKey()
      await stored.body.cancel()
    },
  }
}
