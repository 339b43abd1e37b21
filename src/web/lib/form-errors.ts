import { ApiError, messageOf } from '#web/lib/api.ts'

/** The two parts of a react-hook-form form this needs, whatever its value types. */
type FormWithErrors = { getValues(): object; setError(name: never, error: { message: string }): void }

/** Places a server field message the form does not register itself (a file input, an earlier step); true when it did. */
type PlaceField = (name: string, message: string) => boolean

/**
 * Puts the server's per-field messages (ARCHITECTURE.md rule 4, `fields`) on the
 * form's own fields, so a rule the browser did not check still shows where it belongs.
 * A nested path ('requiredSkills.0') lands on its top field. Returns how many found a
 * field, and the messages none took. Forms call formFailure, which decides the rest.
 */
function showServerFieldErrors(
  form: FormWithErrors,
  error: unknown,
  place?: PlaceField,
): { placed: number; unplaced: string[] } {
  const result = { placed: 0, unplaced: [] as string[] }
  if (!(error instanceof ApiError) || !error.fields) return result
  const known = form.getValues()
  for (const [field, message] of Object.entries(error.fields)) {
    const name = field.split('.')[0]!
    if (name in known) form.setError(name as never, { message })
    else if (!place?.(name, message)) {
      result.unplaced.push(message)
      continue
    }
    result.placed += 1
  }
  return result
}

/**
 * Why a submission failed, said once (issue 12: no message both under a field and in
 * a toast). A message the server tied to a field goes under that field, and only
 * there. A failure tied to no field (a refusal, an outage, a lost connection, a field
 * this form does not show) comes back as the form's one alert, rendered with
 * FieldError above the submit button: an inline alert rather than a toast, because
 * it stays until the next try and a modal dialog hides the toasts behind it from
 * screen readers. Undefined when every message found its field.
 */
export function formFailure(
  form: FormWithErrors,
  error: unknown,
  options: { fallback?: string; signedOut?: string; place?: PlaceField } = {},
): string | undefined {
  const { placed, unplaced } = showServerFieldErrors(form, error, options.place)
  if (placed === 0) return messageOf(error, options.fallback, options.signedOut)
  return unplaced.length > 0 ? [...new Set(unplaced)].join(' ') : undefined
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
