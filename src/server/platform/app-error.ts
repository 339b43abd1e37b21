import { databaseErrorMessages, genericMessages, type ErrorCode } from '#shared/errors.ts'

/** The one error type services throw (ARCHITECTURE.md rule 2); app.onError maps it to HTTP once. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** A PostgreSQL error's SQLSTATE, from pg or PGlite (drizzle may wrap it in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** spec 000 §8 database codes, as AppErrors; undefined for codes that are ours to hide. */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const state = sqlState(error)
  if (state === '23505') return new AppError('CONFLICT', databaseErrorMessages['23505'])
  if (state === '23503') return new AppError('VALIDATION', databaseErrorMessages['23503'])
  if (state === '42501') return new AppError('FORBIDDEN', databaseErrorMessages['42501'])
  // text PostgreSQL cannot store, past the validators (a multipart field): a NUL
  // character (22021), a NUL or lone surrogate in a JSON value (22P05, 22P02)
  if (state === '22021' || state === '22P05' || state === '22P02')
    return new AppError('VALIDATION', genericMessages.unsavableCharacter)
  // a value out of its type's range that got past a validator (a time, a number):
  // invalid datetime format 22007, field overflow 22008, time zone 22009, numeric 22003
  if (state === '22007' || state === '22008' || state === '22009' || state === '22003')
    return new AppError('VALIDATION', genericMessages.invalidRequest)
  return undefined
}
