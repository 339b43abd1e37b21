import { useState, type FormEvent } from 'react'
import { updateSignupMessages } from '#shared/update-signup/messages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { controlClasses } from '#web/components/ui/input.tsx'
import { useUpdateSignup, type UpdateSignupValues } from '#web/features/update-signup/api/update-signup.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'

const fields: Array<{ name: keyof UpdateSignupValues; label: string; type: string; autoComplete: string }> = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
]

/** spec 000 §1, §5: the form of the update sign-up box, then its thanks. The server checks the same rules. */
export function UpdateSignupForm() {
  const signup = useUpdateSignup()
  const [error, setError] = useState<string>()
  const [thanked, setThanked] = useState(false)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const values = Object.fromEntries(
      fields.map(({ name }) => [name, String(data.get(name) ?? '').trim()]),
    ) as UpdateSignupValues
    if (fields.some(({ name }) => !values[name])) return setError(updateSignupMessages.missingFields)
    setError(undefined)
    signup.mutate(values, {
      onSuccess: () => setThanked(true),
      onError: (failure) => setError(messageOf(failure, updateSignupMessages.failed)),
    })
  }

  return thanked ? (
    <p role="status" className="flex items-center justify-center gap-2 text-lg font-medium">
      <span aria-hidden="true" className="text-accent">
        ✓
      </span>
      {updateSignupMessages.thanks}
    </p>
  ) : (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {fields.map((field) => (
          <div key={field.name} className="grid gap-1.5">
            <label htmlFor={`updates-${field.name}`} className="text-sm font-medium">
              {field.label}
            </label>
            <input
              id={`updates-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.name === 'email' ? 254 : 100}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'updates-error' : undefined}
              className={cn(controlClasses, 'h-11')}
            />
          </div>
        ))}
      </div>
      {error ? (
        <p id="updates-error" role="alert" className="text-center text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={signup.isPending}
        className={buttonClasses('primary', 'lg', 'justify-self-center')}
      >
        {signup.isPending ? 'Signing up...' : 'Sign up for updates'}
      </button>
    </form>
  )
}
