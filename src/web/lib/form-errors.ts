import { ApiError } from '#web/lib/api.ts'

/** The two parts of a react-hook-form form this needs, whatever its value types. */
type FormWithErrors = { getValues(): object; setError(name: never, error: { message: string }): void }

/**
 * Puts the server's per-field messages (ARCHITECTURE.md rule 4, `fields`) on the
 * form's own fields, so a rule the browser did not check still shows where it belongs.
 * A nested path ('requiredSkills.0') lands on its top field.
 */
export function showServerFieldErrors(form: FormWithErrors, error: unknown) {
  if (!(error instanceof ApiError) || !error.fields) return
  const known = form.getValues()
  for (const [field, message] of Object.entries(error.fields)) {
    const name = field.split('.')[0]!
    if (name in known) form.setError(name as never, { message })
  }
}

/**
 * The first message of a react-hook-form field error; a list item's own error
 * sits one level down ('features.3', 'requirements.3').
 */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue // the DOM element of the field
    const message = firstErrorMessage(value)
    if (message) return message
  }
  return undefined
}
