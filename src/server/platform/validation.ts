import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import { genericMessages } from '#shared/errors.ts'

/** zod issues as `{ field: message }`, first message per field (the order of the spec's rules). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  return fields
}

/**
 * The path of the first string PostgreSQL cannot store, or undefined: a NUL
 * character (refused in text) or a lone UTF-16 surrogate (refused in JSON values).
 */
// eslint-disable-next-line no-control-regex -- NUL is what is refused
const unsavable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function unsavablePath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return unsavable.test(value) ? path.join('.') || '_' : undefined
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsavablePath(item, [...path, String(index)])
      if (found !== undefined) return found
    }
  } else if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) {
      const found = unsavablePath(item, [...path, key])
      if (found !== undefined) return found
    }
  }
  return undefined
}

/**
 * zValidator whose refusal is our VALIDATION error with the shared schema's own
 * message. Text PostgreSQL cannot store is refused here too, so no such value
 * reaches a service (where the database would refuse it with a 500).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const error = result.error as unknown as z.ZodError
      throw new AppError('VALIDATION', error.issues[0]?.message ?? genericMessages.invalidRequest, fieldErrors(error))
    }
    const field = unsavablePath(result.data)
    if (field !== undefined)
      throw new AppError('VALIDATION', genericMessages.unsavableCharacter, {
        [field]: genericMessages.unsavableCharacter,
      })
  })
  // the bad-input test generates its requests from the schemas the routes declare
  return Object.assign(middleware, { validates: { target, schema } })
}
