import { useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { experienceLevels, memberIndustries } from '#shared/constants.ts'
import {
  avatarMaxBytes,
  countries,
  expertiseLevels,
  genders,
  profileLimits,
  profileMessages,
  ProfileInput,
  type ProfileFormValues,
  type ProfileView,
} from '#shared/profile/schemas.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { profileQuery, useRemoveAvatar, useUpdateProfile, useUploadAvatar } from '#web/features/profile/api/profile.ts'
import { ApiError, messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { cn } from '#web/lib/cn.ts'
import { usePreviewUrl } from '#web/lib/use-preview-url.ts'

/** The browser's quick check (spec 001 §8 Avatar); the server checks the file's own bytes again. */
function avatarProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return profileMessages.avatarNotImage
  if (file.size > avatarMaxBytes) return profileMessages.avatarTooLarge
  return undefined
}

function AvatarUpload({ profile }: { profile: ProfileView }) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string>()
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const errorId = useId()
  const preview = usePreviewUrl(file)
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()

  const reset = () => {
    setFile(null)
    if (input.current) input.current.value = ''
  }

  const pick = (picked: File | undefined) => {
    if (!picked) return
    const problem = avatarProblem(picked)
    setError(problem)
    if (problem) {
      reset()
      return
    }
    // shown at once while it uploads (spec 001 §4: avatar upload with preview)
    setFile(picked)
    upload.mutate(picked, {
      onSuccess: () => toast.success(profileMessages.avatarUpdated),
      onError: (failure) => {
        // under the picture only, like every form's failure (lib/form-errors.ts)
        setError(
          failure instanceof ApiError && failure.status === 400
            ? failure.message
            : messageOf(failure, profileMessages.avatarUploadFailed),
        )
      },
      onSettled: reset,
    })
  }

  const shown = preview ?? profile.avatarUrl
  return (
    <div className="flex flex-wrap items-center gap-4">
      {shown ? (
        <img
          src={shown}
          alt={preview ? 'Selected profile picture' : `Profile picture of ${profile.name}`}
          className={cn('size-20 rounded-full object-cover', upload.isPending && 'opacity-60')}
        />
      ) : (
        <Avatar name={profile.name} size="lg" className="size-20" />
      )}
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={cn(
              buttonClasses('outline', 'sm'),
              'cursor-pointer',
              upload.isPending && 'pointer-events-none opacity-60',
            )}
          >
            {profile.avatarUrl ? 'Change picture' : 'Upload picture'}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/*"
            aria-label="Profile picture"
            aria-describedby={error ? errorId : undefined}
            className="sr-only"
            disabled={upload.isPending}
            onChange={(event) => pick(event.target.files?.[0])}
          />
          {profile.avatarUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={remove.isPending || upload.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(profileMessages.avatarRemoved),
                  onError: (failure) => toast.error(messageOf(failure)),
                })
              }
            >
              Remove picture
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">An image up to 5 MB. It is shown at most 512 pixels wide.</p>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </div>
  )
}

type FormValues = {
  firstName: string
  lastName: string
  dateOfBirth: string
  gender: string
  country: string
  location: string
  company: string
  position: string
  phoneNumber: string
  linkedinUrl: string
  website: string
  experienceLevel: string
  expertiseLevel: string
  careerLevel: string
  industries: string[]
  careerFocus: string[]
}

function formValuesOf(profile: ProfileView): FormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    dateOfBirth: profile.dateOfBirth ?? '',
    gender: profile.gender ?? '',
    country: profile.country ?? '',
    location: profile.location ?? '',
    company: profile.company ?? '',
    position: profile.position ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    linkedinUrl: profile.linkedinUrl ?? '',
    website: profile.website ?? '',
    experienceLevel: profile.experienceLevel ?? '',
    expertiseLevel: profile.expertiseLevel ?? '',
    careerLevel: profile.careerLevel ?? '',
    industries: profile.industries,
    careerFocus: profile.careerFocus,
  }
}

function today() {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

function ProfileForm({ profile }: { profile: ProfileView }) {
  const update = useUpdateProfile()
  const [failure, setFailure] = useState<string>()
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(ProfileInput),
    defaultValues: formValuesOf(profile) as ProfileFormValues,
  })
  const { errors } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      const saved = await update.mutateAsync(values)
      form.reset(formValuesOf(saved) as ProfileFormValues)
      toast.success(profileMessages.profileUpdated)
    } catch (error) {
      setFailure(
        formFailure(form, error, {
          fallback: profileMessages.profileUpdateFailed,
          signedOut: profileMessages.signedOut,
        }),
      )
    }
  })

  return (
    <form noValidate onSubmit={submit} aria-label="Profile" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={profileLimits.name}
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={profileLimits.name}
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <TextField
          label="Date of birth"
          type="date"
          max={today()}
          autoComplete="bday"
          error={errors.dateOfBirth?.message}
          {...form.register('dateOfBirth')}
        />
        <SelectField
          label="Gender"
          placeholder="Prefer not to say"
          options={genders}
          error={errors.gender?.message}
          {...form.register('gender')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
        <SelectField
          label="Country"
          placeholder="Choose a country"
          options={countries}
          error={errors.country?.message}
          {...form.register('country')}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          maxLength={profileLimits.location}
          error={errors.location?.message}
          {...form.register('location')}
        />
        <TextField
          label="Company"
          autoComplete="organization"
          maxLength={profileLimits.company}
          error={errors.company?.message}
          {...form.register('company')}
        />
        <TextField
          label="Position"
          autoComplete="organization-title"
          maxLength={profileLimits.position}
          error={errors.position?.message}
          {...form.register('position')}
        />
        <SelectField
          label="Experience level"
          placeholder="Choose your experience level"
          options={experienceLevels}
          error={errors.experienceLevel?.message}
          {...form.register('experienceLevel')}
        />
        <SelectField
          label="Expertise level"
          placeholder="Choose your expertise level"
          options={expertiseLevels}
          error={errors.expertiseLevel?.message}
          {...form.register('expertiseLevel')}
        />
        <TextField
          label="Career level"
          maxLength={profileLimits.careerLevel}
          error={errors.careerLevel?.message}
          {...form.register('careerLevel')}
        />
        <TextField
          label="LinkedIn URL"
          type="url"
          placeholder="https://www.linkedin.com/in/you"
          error={errors.linkedinUrl?.message}
          {...form.register('linkedinUrl')}
        />
        <TextField
          label="Website"
          type="url"
          autoComplete="url"
          placeholder="https://"
          error={errors.website?.message}
          {...form.register('website')}
        />
      </div>
      <Controller
        control={form.control}
        name="careerFocus"
        render={({ field, fieldState }) => (
          <TextField
            label="Career focus"
            hint="Separate areas with commas, for example: Leadership, Product strategy"
            error={fieldState.error?.message ?? (errors.careerFocus as { message?: string } | undefined)?.message}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            // kept as typed (commas included) and split into the list; the schema trims and drops empty items
            value={(field.value ?? []).join(',')}
            onChange={(event) => field.onChange(event.target.value === '' ? [] : event.target.value.split(','))}
          />
        )}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Industries</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {memberIndustries.map((industry) => (
            <Checkbox key={industry} label={industry} value={industry} {...form.register('industries')} />
          ))}
        </div>
        <FieldError>
          {errors.industries?.message ??
            (errors.industries as unknown as { message?: string }[] | undefined)?.find?.((e) => e?.message)?.message}
        </FieldError>
      </fieldset>
      <FieldError>{failure}</FieldError>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Save profile
        </Button>
      </div>
    </form>
  )
}

/** spec 001 §4 Settings: the Profile Settings section (picture and profile form). */
export function ProfileSettingsSection() {
  const { data: profile, isPending, isError, error } = useQuery(profileQuery())
  return (
    <section id="profile" aria-labelledby="profile-settings-heading" className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle id="profile-settings-heading" className="text-xl">
            Profile Settings
          </CardTitle>
          <CardDescription>How you appear to other members and what the job match knows about you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {isPending ? <p className="text-sm text-muted-foreground">Loading your profile…</p> : null}
          {isError ? (
            <p role="alert" className="text-sm text-destructive">
              {messageOf(error)}
            </p>
          ) : null}
          {profile ? (
            <>
              <AvatarUpload profile={profile} />
              <ProfileForm key={profile.id} profile={profile} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </section>
  )
}
