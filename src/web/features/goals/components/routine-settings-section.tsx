import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useQuery } from '@tanstack/react-query'
import { nudgeLocalHour } from '#shared/goals/constants.ts'
import { routineMessages } from '#shared/goals/messages.ts'
import type { RoutineSettings } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { browserTimeZone, routineSettingsQuery, useSaveRoutineSettings } from '#web/features/goals/api/routine.ts'

type SettingsForm = { timeZone: string; focusSkill: string; nudgeEmail: boolean }

/** The member's skills, as the profile area gives them (the app route passes them in). */
export type SkillNames = { status: 'pending' | 'error' | 'success'; names: string[] }

function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set([current, 'UTC', ...known])].sort((a, b) => a.localeCompare(b))
}

/**
 * Settings → Daily routine (issue 21): the time zone that decides the member's
 * 'today', the focus skill (one of their profile's skills) and the opt-in morning
 * nudge e-mail with today's challenge and tasks.
 */
export function RoutineSettingsSection({ skills }: { skills: SkillNames }) {
  const settings = useQuery(routineSettingsQuery())
  return (
    <Card role="region" aria-labelledby="daily-routine-title" id="daily-routine">
      <CardHeader>
        <CardTitle id="daily-routine-title">Daily routine</CardTitle>
        <CardDescription>Your time zone, the skill you focus on, and a morning nudge.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your routine settings…
          </p>
        ) : settings.isError ? (
          <LoadFailedAlert className="py-4" onRetry={() => void settings.refetch()}>
            {messageOf(settings.error, routineMessages.loadFailed)}
          </LoadFailedAlert>
        ) : (
          <SettingsFormFields settings={settings.data} skills={skills} />
        )}
      </CardContent>
    </Card>
  )
}

function SettingsFormFields({ settings, skills }: { settings: RoutineSettings; skills: SkillNames }) {
  const save = useSaveRoutineSettings()
  const [failure, setFailure] = useState<string>()
  const zone = settings.timeZone ?? browserTimeZone() ?? 'UTC'
  const form = useForm<SettingsForm>({
    defaultValues: { timeZone: zone, focusSkill: settings.focusSkill ?? '', nudgeEmail: settings.nudgeEmail },
  })
  const { errors } = form.formState
  const skillOptions = [...new Set([...(settings.focusSkill ? [settings.focusSkill] : []), ...skills.names])]

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    save.mutate(
      { timeZone: values.timeZone, focusSkill: values.focusSkill || null, nudgeEmail: values.nudgeEmail },
      {
        onSuccess: (saved) => {
          toast.success(routineMessages.settingsSaved)
          form.reset({
            timeZone: saved.timeZone ?? zone,
            focusSkill: saved.focusSkill ?? '',
            nudgeEmail: saved.nudgeEmail,
          })
        },
        onError: (error) => setFailure(formFailure(form, error, { fallback: routineMessages.saveFailed })),
      },
    )
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Daily routine settings" className="grid gap-4">
      <SelectField
        label="Time zone"
        placeholder="Choose a time zone"
        options={timeZoneOptions(zone)}
        error={errors.timeZone?.message}
        {...form.register('timeZone', { required: routineMessages.invalidTimeZone })}
      />
      <div className="grid gap-1.5">
        <SelectField
          label="Focus skill"
          placeholder={skillOptions.length > 0 ? 'No focus skill' : 'Add skills to your profile first'}
          options={skillOptions}
          disabled={skills.status === 'pending'}
          error={errors.focusSkill?.message}
          {...form.register('focusSkill')}
        />
        {skills.status === 'error' ? (
          <p className="text-xs text-muted-foreground">Your skills could not be loaded.</p>
        ) : skills.status === 'success' && skills.names.length === 0 ? (
          <p className="text-xs text-muted-foreground">
            Add skills in the Skills section to choose the one you focus on.
          </p>
        ) : null}
      </div>
      <div className="grid gap-1">
        <Checkbox label="E-mail me today's challenge and tasks each morning" {...form.register('nudgeEmail')} />
        <p className="pl-6 text-xs text-muted-foreground">
          Sent around {nudgeLocalHour}:00 in your time zone. You can turn it off here at any time.
        </p>
        <FieldError>{errors.nudgeEmail?.message}</FieldError>
      </div>
      <FieldError>{failure}</FieldError>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save routine settings'}
      </Button>
    </form>
  )
}
