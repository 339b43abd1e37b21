import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { toast } from 'sonner'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  goalTitleMaxLength,
  goalTypeDescriptions,
  goalTypeLabels,
  goalTypes,
  type GoalType,
} from '#shared/goals/constants.ts'
import { goalMessages } from '#shared/goals/messages.ts'
import { GoalInput } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { cn } from '#web/lib/cn.ts'
import { useCreateGoal } from '#web/features/goals/api/goals.ts'

type GoalForm = z.input<typeof GoalInput>

const emptyGoal: GoalForm = { title: '', type: undefined as unknown as GoalType, targetDate: null }

/**
 * spec 001 §5 Career goal: type and title required ('Please fill in all required
 * fields'), the target date optional and not before the member's today (`today`,
 * 'YYYY-MM-DD' in their zone; the server checks it again).
 */
export function AddGoalForm({ today }: { today: string | undefined }) {
  const create = useCreateGoal()
  const typeId = useId()
  const form = useForm<GoalForm, unknown, z.output<typeof GoalInput>>({
    resolver: zodResolver(GoalInput),
    defaultValues: emptyGoal,
  })
  const { errors } = form.formState
  const type = useWatch({ control: form.control, name: 'type' })

  const onSubmit = form.handleSubmit((values) => {
    if (today && values.targetDate && values.targetDate < today) {
      form.setError('targetDate', { message: goalMessages.targetDateInPast })
      return
    }
    create.mutate(values, {
      onSuccess: () => {
        toast.success(goalMessages.created)
        form.reset(emptyGoal)
      },
      onError: (error) => {
        const failure = formFailure(form, error, {
          fallback: goalMessages.createFailed,
          signedOut: goalMessages.signInRequired,
        })
        if (failure) toast.error(failure)
      },
    })
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Add a career goal" className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={typeId}>Goal type</Label>
        <select
          id={typeId}
          required
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={`${typeId}-hint${errors.type ? ` ${typeId}-error` : ''}`}
          className={cn(controlClasses, 'h-10')}
          {...form.register('type')}
        >
          <option value="">Choose a type</option>
          {goalTypes.map((goalType) => (
            <option key={goalType} value={goalType} title={goalTypeDescriptions[goalType]}>
              {goalTypeLabels[goalType]}
            </option>
          ))}
        </select>
        <p id={`${typeId}-hint`} className="text-xs text-muted-foreground">
          {type && goalTypes.includes(type) ? goalTypeDescriptions[type] : 'What kind of goal is it?'}
        </p>
        <FieldError id={`${typeId}-error`}>{errors.type?.message}</FieldError>
      </div>
      <TextField
        label="Goal"
        placeholder="e.g. Become a senior engineer"
        maxLength={goalTitleMaxLength}
        required
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label="Target date (optional)"
        type="date"
        min={today}
        error={errors.targetDate?.message}
        {...form.register('targetDate', { setValueAs: (value: string | null) => value || null })}
      />
      <Button type="submit" className="w-fit" disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add goal'}
      </Button>
    </form>
  )
}
