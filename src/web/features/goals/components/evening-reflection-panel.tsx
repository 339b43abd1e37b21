import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { toast } from 'sonner'
import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, Moon } from 'lucide-react'
import { reflectionAnswerMaxLength, reflectionQuestions } from '#shared/goals/constants.ts'
import { routineMessages } from '#shared/goals/messages.ts'
import { ReflectionInput, type RoutineDayView } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextAreaField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { useSaveReflection } from '#web/features/goals/api/routine.ts'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'

type ReflectionForm = z.input<typeof ReflectionInput>

/** spec 001 §4 Evening reflection: a form of three answers until it is saved, then the spec's message. */
export function EveningReflectionPanel({ reflection }: { reflection: RoutineDayView['reflection'] }) {
  return (
    <RoutinePanel title="Evening Reflection" icon={Moon} testId="evening-reflection">
      {reflection.completed ? <ReflectionDone answers={reflection.answers} /> : <ReflectionFormFields />}
    </RoutinePanel>
  )
}

function ReflectionDone({ answers }: { answers: string[] | null }) {
  return (
    <>
      <p role="status" className="flex items-start gap-2 text-sm font-medium">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
        {routineMessages.reflectionDone}
      </p>
      {answers ? (
        <dl className="grid gap-3 text-sm">
          {reflectionQuestions.map((question, index) => (
            <div key={question} className="grid gap-0.5">
              <dt className="text-muted-foreground">{question}</dt>
              <dd className="break-words whitespace-pre-line">{answers[index]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  )
}

function ReflectionFormFields() {
  const save = useSaveReflection()
  const [failure, setFailure] = useState<string>()
  const form = useForm<ReflectionForm, unknown, z.output<typeof ReflectionInput>>({
    resolver: zodResolver(ReflectionInput),
    defaultValues: { answers: ['', '', ''] },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    save.mutate(values, {
      onSuccess: () => toast.success(routineMessages.reflectionSaved),
      onError: (error) => setFailure(formFailure(form, error, { fallback: routineMessages.saveFailed })),
    })
  })
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Evening reflection" className="grid gap-4">
      {reflectionQuestions.map((question, index) => (
        <TextAreaField
          key={question}
          label={question}
          rows={3}
          maxLength={reflectionAnswerMaxLength}
          required
          error={errors.answers?.[index]?.message}
          {...form.register(`answers.${index as 0 | 1 | 2}`)}
        />
      ))}
      <FieldError>{errors.answers?.message ?? errors.answers?.root?.message}</FieldError>
      <FieldError>{failure}</FieldError>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save reflection'}
      </Button>
    </form>
  )
}
