import type { ErrorBody } from '#shared/errors.ts'

/** The error of an API answer (`{ error: { code, message, fields?, requestId } }`). */
export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ((await response.json()) as ErrorBody).error
}
