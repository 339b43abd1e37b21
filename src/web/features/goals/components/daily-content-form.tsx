import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { toast } from 'sonner'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { PenSquare } from 'lucide-react'
import { routineMessages } from '#shared/goals/messages.ts'
import { DailyContentInput, type DailyContentView } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { messageOf } from '#web/lib/api.ts'
import { dailyContentQuery, useResetDailyContent, useSaveDailyContent } from '#web/features/goals/api/routine.ts'
import { formatLongDay } from '#web/features/goals/components/format.ts'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'

type ContentForm = z.input<typeof DailyContentInput>

const formOf = (content: DailyContentView): ContentForm => ({
  quoteText: content.quote.text,
  quoteAuthor: content.quote.author,
  coachTip: content.coachTip,
  challengeTitle: content.challenge.title,
  challengeDescription: content.challenge.description,
  challengeMinutes: content.challenge.minutes,
})

/** Admins: the quote, the coach's tip and the challenge every member sees on `day` (issue 21). */
export function DailyContentPanel({ day }: { day: string }) {
  const [open, setOpen] = useState(false)
  const content = useQuery({ ...dailyContentQuery(day), enabled: open })
  return (
    <RoutinePanel
      title="Edit today's content"
      icon={PenSquare}
      description={`Admins only: what every member sees on ${formatLongDay(day)}.`}
      testId="daily-content"
    >
      {!open ? (
        <Button variant="outline" className="w-fit" onClick={() => setOpen(true)}>
          Edit today&apos;s content
        </Button>
      ) : content.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading today&apos;s content…
        </p>
      ) : content.isError ? (
        <LoadFailedAlert className="py-4" onRetry={() => void content.refetch()}>
          {messageOf(content.error, routineMessages.loadFailed)}
        </LoadFailedAlert>
      ) : (
        <ContentFormFields day={day} content={content.data} onClose={() => setOpen(false)} />
      )}
    </RoutinePanel>
  )
}

function ContentFormFields({ day, content, onClose }: { day: string; content: DailyContentView; onClose: () => void }) {
  const save = useSaveDailyContent(day)
  const reset = useResetDailyContent(day)
  const [failure, setFailure] = useState<string>()
  const form = useForm<ContentForm, unknown, z.output<typeof DailyContentInput>>({
    resolver: zodResolver(DailyContentInput),
    defaultValues: formOf(content),
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    save.mutate(values, {
      onSuccess: () => {
        toast.success(routineMessages.contentSaved)
        onClose()
      },
      onError: (error) => setFailure(formFailure(form, error, { fallback: routineMessages.saveFailed })),
    })
  })

  const restoreBuiltIn = () => {
    setFailure(undefined)
    reset.mutate(undefined, {
      onSuccess: (builtIn) => {
        toast.success(routineMessages.contentSaved)
        form.reset(formOf(builtIn))
      },
      onError: (error) => setFailure(messageOf(error, routineMessages.saveFailed)),
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Today's content" className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {content.custom ? 'Set by an admin for this day.' : 'The built-in content of this day.'}
      </p>
      <TextAreaField
        label="Quote"
        rows={2}
        maxLength={500}
        required
        error={errors.quoteText?.message}
        {...form.register('quoteText')}
      />
      <TextField
        label="Quote author"
        maxLength={100}
        required
        error={errors.quoteAuthor?.message}
        {...form.register('quoteAuthor')}
      />
      <TextAreaField
        label="Coach's tip"
        rows={2}
        maxLength={500}
        required
        error={errors.coachTip?.message}
        {...form.register('coachTip')}
      />
      <TextField
        label="Challenge title"
        maxLength={200}
        required
        error={errors.challengeTitle?.message}
        {...form.register('challengeTitle')}
      />
      <TextAreaField
        label="Challenge description"
        rows={3}
        maxLength={1000}
        required
        error={errors.challengeDescription?.message}
        {...form.register('challengeDescription')}
      />
      <TextField
        label="Challenge minutes"
        type="number"
        min={1}
        max={240}
        inputMode="numeric"
        required
        className="w-40"
        error={errors.challengeMinutes?.message}
        {...form.register('challengeMinutes', { valueAsNumber: true })}
      />
      <FieldError>{failure}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save content'}
        </Button>
        {content.custom ? (
          <Button variant="outline" disabled={reset.isPending} onClick={restoreBuiltIn}>
            Use the built-in content
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
