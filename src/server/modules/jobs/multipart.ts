import { bodyLimit } from 'hono/body-limit'
import { AppError } from '#server/platform/app-error.ts'

// Multipart forms of the jobs area's routes: the application (a resume) and the
// job's company logo.

/** The whole request is refused before it is read past `maxBytes` (plus room for the text fields). */
export function uploadLimit(maxBytes: number, message: string, field: string) {
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw new AppError('VALIDATION', message, { [field]: message })
    },
  })
}

/** The form's fields; a body that is no form is `failure`. */
export async function formOf(c: { req: { parseBody: () => Promise<Record<string, unknown>> } }, failure: string) {
  return c.req.parseBody().catch(() => {
    throw new AppError('VALIDATION', failure)
  })
}

/** The form's text fields (files left out). */
export const textFields = (form: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
