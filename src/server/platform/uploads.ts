import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '#server/platform/app-error.ts'
import type { Deps } from '#server/platform/context.ts'
import type { Logger } from '#server/platform/logger.ts'
import { newObjectKey, type Visibility } from '#server/platform/storage.ts'

// The one way an area takes a file (ARCHITECTURE.md, real components): the route
// declares its form (`uploadForm`), puts its `limit` before the handler and hands
// what `read` returns to one service; the service judges the file by its bytes and
// keeps it with `storeThenRecord`. What a file is and may be stays the area's
// (storage.ts detectFileType, pictures.ts); so do the words of every refusal.

/** Room beside the files for the text fields and the form's own framing. */
const textFieldsRoomBytes = 64 * 1024

export type UploadFormSpec<Files extends string, Text extends string> = {
  /** the form's file fields (one, so far, in every area) */
  files: readonly Files[]
  /** the form's text fields */
  text?: readonly Text[]
  /** the largest file the area accepts in one field (the service checks each file again) */
  maxFileBytes: number
  /** the area's own words */
  messages: {
    /** the body is larger than the files may be: the area's "file too large" */
    tooLarge: string
    /** the body is no form that can be read: the area's "upload failed" */
    unreadable: string
  }
}

/**
 * A form as the service receives it: each declared text field that came as text,
 * each declared file field that came with a file. A field sent as the other kind,
 * or a file field left empty (the browser sends a nameless file of 0 bytes), is
 * missing: the service says what a missing field says.
 */
export type UploadedForm<Files extends string, Text extends string> = {
  text: Partial<Record<Text, string>>
  files: Partial<Record<Files, File>>
}

export type UploadForm<Files extends string, Text extends string> = {
  /**
   * Middleware refusing the whole request before it is read past what the files
   * may weigh (plus room for the text fields): VALIDATION with the area's
   * `tooLarge`, on the file fields. The app's multipart ceiling stays above it.
   */
  limit: MiddlewareHandler
  /** The declared fields of the request's form; a body that is no readable form is VALIDATION `unreadable`, never a 500. */
  read(c: Context): Promise<UploadedForm<Files, Text>>
}

/** An upload route's form: its body limit and its reader, in the area's words. */
export function uploadForm<const Files extends string, const Text extends string = never>(
  spec: UploadFormSpec<Files, Text>,
): UploadForm<Files, Text> {
  const { tooLarge, unreadable } = spec.messages
  const limit = bodyLimit({
    maxSize: spec.maxFileBytes * spec.files.length + textFieldsRoomBytes,
    onError: () => {
      throw new AppError('VALIDATION', tooLarge, Object.fromEntries(spec.files.map((field) => [field, tooLarge])))
    },
  })
  return {
    limit,
    async read(c) {
      const body: Record<string, unknown> = await c.req.parseBody().catch(() => {
        throw new AppError('VALIDATION', unreadable)
      })
      const text: Partial<Record<Text, string>> = {}
      for (const field of spec.text ?? []) {
        const value = body[field]
        if (typeof value === 'string') text[field] = value
      }
      const files: Partial<Record<Files, File>> = {}
      for (const field of spec.files) {
        const value = body[field]
        if (value instanceof File && value.size > 0) files[field] = value
      }
      return { text, files }
    },
  }
}

// ---------- keeping the file ----------

/** What storing and cleaning up need of a request's context (a Ctx has it). */
export type UploadCtx = { deps: Pick<Deps, 'storage'>; logger: Pick<Logger, 'warn' | 'error'> }

/** A file to keep, already judged and re-encoded by its area. */
export type FileToStore = {
  bytes: Uint8Array
  contentType: string
  visibility: Visibility
} & (
  | {
      /** stored under a new, unguessable key in this area, named by `extension` */
      area: string
      extension: string
      fixedKey?: never
    }
  | {
      /**
       * stored over the one file kept under this key (a member's avatar): there is
       * no previous file to delete, and a failed write keeps the new one, since
       * the row still points at this key whatever it says
       */
      fixedKey: string
      area?: never
      extension?: never
    }
)

/** What the row's write returns: the area's answer, and the key of the file the row no longer points at. */
export type Recorded<T> = { result: T; replacedKey?: string | null }

/**
 * The lifecycle of every upload. The file is stored first, so a row never points
 * at a missing file; then `record(key)` writes the row in the area's own
 * transaction and resolves once it has committed. When the write fails, the new
 * file is deleted again (nothing points at it) and the error goes on unchanged,
 * for the area to answer. Only after the commit is the replaced file deleted: a
 * failed transaction leaves its row pointing at the old one. A file that cannot
 * be deleted is logged, never a failure: the row is what counts.
 */
export async function storeThenRecord<T>(
  ctx: UploadCtx,
  file: FileToStore,
  record: (key: string) => Promise<Recorded<T>>,
): Promise<T> {
  const { storage } = ctx.deps
  const fresh = file.fixedKey === undefined
  const key = fresh ? newObjectKey(file.area, file.extension) : file.fixedKey
  await storage.put(key, file.bytes, { contentType: file.contentType, visibility: file.visibility })
  let recorded: Recorded<T>
  try {
    recorded = await record(key)
  } catch (error) {
    if (fresh)
      await storage
        .delete(key)
        .catch((cleanup: unknown) => ctx.logger.error({ err: cleanup, key }, 'orphaned upload not deleted'))
    throw error
  }
  if (recorded.replacedKey && recorded.replacedKey !== key) await deleteStoredFile(ctx, recorded.replacedKey)
  return recorded.result
}

/**
 * The mirror of `storeThenRecord` for a write that only lets go of a file (a
 * removed video, a form that replaced an image): `record` writes the row in the
 * area's own transaction and resolves once it has committed; only then is the file
 * the row no longer points at deleted, so a failed transaction keeps its file.
 */
export async function recordThenDelete<T>(ctx: UploadCtx, record: () => Promise<Recorded<T>>): Promise<T> {
  const recorded = await record()
  if (recorded.replacedKey) await deleteStoredFile(ctx, recorded.replacedKey)
  return recorded.result
}

/**
 * Deletes a file its row no longer points at (a deleted post's media, a removed
 * logo): call it after the commit, so a failed transaction keeps its file. A file
 * that cannot be deleted is logged; what the member asked for is done.
 */
export async function deleteStoredFile(ctx: UploadCtx, key: string): Promise<void> {
  await ctx.deps.storage
    .delete(key)
    .catch((error: unknown) => ctx.logger.warn({ err: error, key }, 'upload not deleted'))
}
