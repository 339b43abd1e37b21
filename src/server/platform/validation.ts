import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'

/** zod issues as `{ field: message }`, first message per field (the order of the spec's rules). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  return fields
}

/** zValidator whose refusal is our VALIDATION error with the shared schema's own message. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const error = result.error as unknown as z.ZodError
      throw new AppError('VALIDATION', error.issues[0]?.message ?? 'Invalid request', fieldErrors(error))
    }
  })
}
