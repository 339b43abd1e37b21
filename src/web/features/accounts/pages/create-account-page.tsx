import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import {
  accountMessages,
  signUpAccountStepFor,
  SignUpAccountStep,
  SignUpProfileStep,
} from '#shared/accounts/schemas.ts'
import { cities, experienceLevels, memberIndustries } from '#shared/constants.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { ApiError, messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'
import { useSignUp } from '#web/features/accounts/api/auth.ts'
import { AuthCard } from '#web/features/accounts/components/auth-card.tsx'

const accountFields = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const

// spec 000 §4: after 'account exists' the user goes to /login after 1.5 s
const redirectDelayMs = 1500

/** Two-step registration (spec 000 §2, /create-account). Both forms live here so Back keeps every value. */
export function CreateAccountPage() {
  const navigate = useNavigate()
  const signUp = useSignUp()
  const [step, setStep] = useState<1 | 2>(1)
  const [redirectToLogin, setRedirectToLogin] = useState(false)
  const [failure, setFailure] = useState<string>()

  // the admins' minimum password length (issue 22), as /api/settings gives it; the
  // resolver reads it when it runs, so an answer arriving after the first render counts
  const { minPasswordLength } = usePlatformSettings()
  const minLength = useRef(minPasswordLength)
  minLength.current = minPasswordLength
  const account = useForm<SignUpAccountStep>({
    resolver: (values, context, options) =>
      zodResolver(signUpAccountStepFor(minLength.current))(values, context, options),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  })
  const profile = useForm({
    resolver: zodResolver(SignUpProfileStep),
    defaultValues: { city: '', experienceLevel: '', industries: [] as string[] } as unknown as SignUpProfileStep,
  })

  useEffect(() => {
    if (!redirectToLogin) return
    const timer = setTimeout(() => void navigate(pathTo('login')), redirectDelayMs)
    return () => clearTimeout(timer)
  }, [redirectToLogin, navigate])

  const onContinue = account.handleSubmit(() => setStep(2))

  const onCreate = profile.handleSubmit(async (profileValues) => {
    const accountValues = SignUpAccountStep.parse(account.getValues())
    setFailure(undefined)
    try {
      await signUp.mutateAsync({ ...accountValues, ...profileValues })
      toast.success(accountMessages.accountCreated)
      void navigate(pathTo('subscription'))
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setFailure(messageOf(error, accountMessages.accountCreateFailed))
        setRedirectToLogin(true)
        return
      }
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {}
      const accountErrors = accountFields.filter((name) => fields[name])
      // step 2's messages under its fields, step 1's under its own (below); the rest in the one alert
      setFailure(
        formFailure(profile, error, {
          fallback: accountMessages.accountCreateFailed,
          place: (name) => (accountFields as readonly string[]).includes(name),
        }),
      )
      if (accountErrors.length > 0) {
        setStep(1)
        // after step 1 has mounted again, so the messages attach to its fields
        setTimeout(() => {
          for (const name of accountErrors) account.setError(name, { message: fields[name] })
        })
      }
    }
  })

  const accountErrors = account.formState.errors
  const profileErrors = profile.formState.errors

  return (
    <AuthCard
      title="Create your account"
      description={
        <span aria-live="polite">
          Step {step} of 2 · {step === 1 ? 'Your account' : 'Your career profile'}
        </span>
      }
      footer={
        <Link to={pathTo('login')} className="font-medium text-accent underline-offset-4 hover:underline">
          Already have an account? Sign in
        </Link>
      }
    >
      <PageTitle>Create Account</PageTitle>
      <div aria-hidden="true" className="mb-6 grid grid-cols-2 gap-2">
        <span className="h-1 rounded-full bg-primary" />
        <span className={step === 2 ? 'h-1 rounded-full bg-primary' : 'h-1 rounded-full bg-muted'} />
      </div>

      {step === 1 ? (
        <form noValidate onSubmit={onContinue} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={accountErrors.firstName?.message}
              {...account.register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={accountErrors.lastName?.message}
              {...account.register('lastName')}
            />
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={accountErrors.email?.message}
            {...account.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            minLength={minPasswordLength}
            hint={accountMessages.passwordRulesHintFor(minPasswordLength)}
            error={accountErrors.password?.message}
            {...account.register('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={accountErrors.confirmPassword?.message}
            {...account.register('confirmPassword')}
          />
          <Button type="submit" size="lg">
            Continue
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={onCreate} className="grid gap-4">
          <SelectField
            label="Closest major city"
            placeholder="Select a city"
            options={cities}
            error={profileErrors.city?.message}
            {...profile.register('city')}
          />
          <SelectField
            label="Experience level"
            placeholder="Select your experience level"
            options={experienceLevels}
            error={profileErrors.experienceLevel?.message}
            {...profile.register('experienceLevel')}
          />
          <fieldset className="grid gap-3" aria-describedby={profileErrors.industries ? 'industries-error' : undefined}>
            <legend className="mb-3 text-sm font-medium">Industries</legend>
            <div className="grid grid-cols-2 gap-x-4 gap-y-2.5">
              {memberIndustries.map((industry) => (
                <Checkbox key={industry} label={industry} value={industry} {...profile.register('industries')} />
              ))}
            </div>
            <FieldError id="industries-error">{profileErrors.industries?.message}</FieldError>
          </fieldset>
          <FieldError>{failure}</FieldError>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <Button variant="outline" size="lg" onClick={() => setStep(1)}>
              Back
            </Button>
            <Button type="submit" size="lg" disabled={profile.formState.isSubmitting || redirectToLogin}>
              Create Account
            </Button>
          </div>
        </form>
      )}
    </AuthCard>
  )
}
