import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import {
  registrationCompanyMaxLength,
  registrationJobTitleMaxLength,
  registrationNameMaxLength,
  registrationNoteMaxLength,
} from '#shared/events/constants.ts'
import { eventMessages } from '#shared/events/messages.ts'
import { RegistrationInput, type EventView, type RegistrationForm as FormValues } from '#shared/events/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { useRegisterForEvent } from '#web/features/events/api/events.ts'
import { ApiError } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'

type RegistrationFormProps = {
  event: EventView
  /** what the app knows of the member, to fill in for them */
  member: { firstName: string; lastName: string; email: string } | null
  /** a seat was taken (spec 001 §4: then the member dashboard) */
  onConfirmed: () => void
}

/**
 * spec 001 §5 Event registration: first name, last name and e-mail required;
 * company, job title, dietary restrictions and special requirements optional (all
 * stored with the registration, decision 026). A full event takes the member onto
 * its waitlist instead, and the button says so.
 */
export function RegistrationForm({ event, member, onConfirmed }: RegistrationFormProps) {
  const register = useRegisterForEvent(event.id)
  const [failure, setFailure] = useState<string>()
  const form = useForm<FormValues, unknown, RegistrationInput>({
    resolver: zodResolver(RegistrationInput),
    defaultValues: {
      firstName: member?.firstName ?? '',
      lastName: member?.lastName ?? '',
      email: member?.email ?? '',
      company: '',
      jobTitle: '',
      dietaryRestrictions: '',
      specialRequirements: '',
    },
  })
  const { errors } = form.formState
  const full = event.spotsRemaining === 0

  const onSubmit = form.handleSubmit(() => {
    setFailure(undefined)
    // the values as typed: the server trims them and keeps blanks as none
    register.mutate(form.getValues(), {
      onSuccess: (result) => {
        if (result.status === 'confirmed') onConfirmed()
      },
      onError: (error) => {
        // already registered, or the event was cancelled or began meanwhile: the page now
        // shows the event as it stands, without this form, so the reason goes in a toast
        if (error instanceof ApiError && error.status === 409) toast.error(error.message)
        else setFailure(formFailure(form, error, { fallback: eventMessages.registerFailed }))
      },
    })
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Event registration" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          maxLength={registrationNameMaxLength}
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          maxLength={registrationNameMaxLength}
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        hint="The confirmation, the calendar file and any change reach you here."
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company (optional)"
          autoComplete="organization"
          maxLength={registrationCompanyMaxLength}
          error={errors.company?.message}
          {...form.register('company')}
        />
        <TextField
          label="Job title (optional)"
          autoComplete="organization-title"
          maxLength={registrationJobTitleMaxLength}
          error={errors.jobTitle?.message}
          {...form.register('jobTitle')}
        />
      </div>
      <TextAreaField
        label="Dietary restrictions (optional)"
        rows={2}
        maxLength={registrationNoteMaxLength}
        error={errors.dietaryRestrictions?.message}
        {...form.register('dietaryRestrictions')}
      />
      <TextAreaField
        label="Special requirements (optional)"
        rows={3}
        maxLength={registrationNoteMaxLength}
        error={errors.specialRequirements?.message}
        {...form.register('specialRequirements')}
      />
      {full ? (
        <p className="text-sm text-muted-foreground">
          This event is full. Join the waitlist and a seat that opens is yours, in the order members joined.
        </p>
      ) : null}
      <FieldError>{failure}</FieldError>
      <Button type="submit" className="w-fit" disabled={register.isPending}>
        {register.isPending ? 'Sending…' : full ? 'Join Waitlist' : 'Register'}
      </Button>
    </form>
  )
}
