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
