import { useId, useState, type ChangeEvent } from 'react'
import { useFieldArray, useForm, type Control, type UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import {
  defaultPassMark,
  lessonContentMaxLength,
  lessonTitleMaxLength,
  lessonTypeLabels,
  lessonTypes,
  lessonVideoMaxBytes,
  quizChoiceMaxLength,
  quizChoicesMax,
  quizChoicesMin,
  quizPromptMaxLength,
  quizQuestionsMax,
} from '#shared/courses/constants.ts'
import { courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import { LessonEdit, type AdminLesson } from '#shared/courses/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { FieldError, TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { useRemoveLessonVideo, useSaveLesson, useUploadLessonVideo } from '#web/features/courses/api/admin-courses.ts'
import { ContentStatusField, DurationMinutesField } from '#web/features/courses/components/admin-content-fields.tsx'
import { messageOf } from '#web/lib/api.ts'
import { firstErrorMessage, formFailure } from '#web/lib/form-errors.ts'

// The lesson form (spec 002 §5 Lesson form; issue 15): its type decides the rest.
// Video: an upload through storage; reading: Markdown content, required; quiz:
// questions of 2 or more choices with the right one chosen by radio, and a pass
// mark; assignment: Markdown instructions. Checked by the shared LessonEdit.

const LessonFormFields = z.object({
  title: z.string(),
  type: z.enum(lessonTypes),
  durationMinutes: z.string(),
  content: z.string(),
  status: z.string(),
  passMark: z.string(),
  questions: z.array(
    z.object({
      questionId: z.string().optional(),
      prompt: z.string(),
      choices: z.array(z.object({ text: z.string() })),
      // the radio group's value: the right choice's index, or nothing chosen yet
      correctChoice: z.string().nullable().optional(),
    }),
  ),
})

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** The form's values as the shared LessonEdit reads them, every message of it at once. */
const LessonFormInput = LessonFormFields.transform((values, context) => {
  const lesson = {
    title: values.title,
    type: values.type,
    durationMinutes: numberOrNaN(values.durationMinutes),
    content: values.type === 'quiz' ? '' : values.content,
    status: values.status,
    passMark: values.type === 'quiz' ? numberOrNaN(values.passMark) : defaultPassMark,
    questions:
      values.type === 'quiz'
        ? values.questions.map((question) => ({
            id: question.questionId,
            prompt: question.prompt,
            choices: question.choices.map((choice) => choice.text),
            correctChoice: numberOrNaN(question.correctChoice ?? ''),
          }))
        : [],
  }
  const parsed = LessonEdit.safeParse(lesson)
  const issues = parsed.success ? [] : [...parsed.error.issues]
  // the type's own rules, which the shared schema checks once the rest is valid, said with the others
  if (values.type === 'reading' && values.content.trim() === '' && !issues.some((issue) => issue.path[0] === 'content'))
    issues.push({ code: 'custom', path: ['content'], message: moduleMessages.readingContentRequired, input: '' })
  if (values.type === 'quiz' && values.questions.length === 0 && !issues.some((issue) => issue.path[0] === 'questions'))
    issues.push({ code: 'custom', path: ['questions'], message: moduleMessages.quizNeedsQuestions, input: [] })
  if (parsed.success && issues.length === 0) return parsed.data
  for (const issue of issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  return z.NEVER
})
type LessonFormValues = z.input<typeof LessonFormInput>
type LessonForm = UseFormReturn<LessonFormValues, unknown, z.output<typeof LessonFormInput>>

const emptyQuestion = (): LessonFormValues['questions'][number] => ({
  prompt: '',
  choices: [{ text: '' }, { text: '' }],
  correctChoice: null,
})

function defaultsOf(lesson: AdminLesson | undefined): LessonFormValues {
  return {
    title: lesson?.title ?? '',
    type: lesson?.type ?? 'video',
    durationMinutes: lesson ? String(lesson.durationMinutes) : '',
    content: lesson?.content ?? '',
    status: lesson?.status ?? 'draft',
    passMark: String(lesson?.passMark ?? defaultPassMark),
    questions: (lesson?.questions ?? []).map((question) => ({
      questionId: question.id,
      prompt: question.prompt,
      choices: question.choices.map((text) => ({ text })),
      correctChoice: String(question.correctChoice),
    })),
  }
}

/** The browser's quick check of a video; the server checks its bytes again. */
function videoProblem(file: File): string | undefined {
  if (!file.type.startsWith('video/')) return moduleMessages.videoNotVideo
  if (file.size > lessonVideoMaxBytes) return moduleMessages.videoTooLarge
  return undefined
}

const contentLabels = {
  video: 'Notes (Markdown, optional)',
  reading: 'Content (Markdown)',
  assignment: 'Instructions (Markdown, optional)',
} as const

type AdminLessonDialogProps = {
  /** null: closed; without a lesson: Add Lesson to the module */
  state: { moduleId: string; moduleTitle: string; lesson?: AdminLesson } | null
  onClose: () => void
}

/** Add and edit a lesson (spec 002 §2 Module and lesson management, §5 Lesson form). */
export function AdminLessonDialog({ state, onClose }: AdminLessonDialogProps) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={state?.lesson ? 'Edit Lesson' : 'Add Lesson'}
        description={
          state ? `In the module ${state.moduleTitle}. A draft lesson stays hidden from members.` : undefined
        }
        className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      >
        {state ? (
          <LessonFormView
            key={state.lesson?.id ?? `new-${state.moduleId}`}
            moduleId={state.moduleId}
            lesson={state.lesson}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function LessonFormView({ moduleId, lesson, onDone }: { moduleId: string; lesson?: AdminLesson; onDone: () => void }) {
  const save = useSaveLesson()
  const upload = useUploadLessonVideo()
  const removeVideo = useRemoveLessonVideo()
  // the lesson as last saved: after a new lesson is saved, a retried video upload must not add it twice
  const [saved, setSaved] = useState<AdminLesson | undefined>(lesson)
  const [failure, setFailure] = useState<string>()
  const [video, setVideo] = useState<File | null>(null)
  const [videoError, setVideoError] = useState<string>()
  const form: LessonForm = useForm<LessonFormValues, unknown, z.output<typeof LessonFormInput>>({
    resolver: zodResolver(LessonFormInput),
    defaultValues: defaultsOf(lesson),
  })
  const { errors } = form.formState
  const type = form.watch('type')
  const base = useId()
  const id = (field: string) => `${base}-${field}`

  const onVideoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null
    const problem = file ? videoProblem(file) : undefined
    setVideoError(problem)
    if (problem) event.target.value = ''
    setVideo(problem ? null : file)
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    setVideoError(undefined)
    let current: AdminLesson
    try {
      current = await save.mutateAsync({
        moduleId,
        lessonId: saved?.id,
        // the version it was read at: an edit made meanwhile by someone else is not overwritten
        values: { ...values, version: saved?.version },
      })
    } catch (error) {
      setFailure(
        formFailure(form, error, { fallback: saved ? moduleMessages.saveFailed : moduleMessages.addLessonFailed }),
      )
      return
    }
    setSaved(current)
    if (video && values.type === 'video') {
      try {
        setSaved(await upload.mutateAsync({ lessonId: current.id, video }))
      } catch (error) {
        // the lesson is saved; the dialog stays open to try another file
        setVideoError(messageOf(error, courseMessages.uploadFailed))
        return
      }
    }
    onDone()
  })

  const busy = save.isPending || upload.isPending
  const questionsError = errors.questions?.root?.message ?? errors.questions?.message

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      {saved && !lesson ? (
        <p role="status" className="text-sm text-muted-foreground">
          The lesson is saved; its video is not uploaded yet.
        </p>
      ) : null}
      <TextField
        label="Lesson title"
        required
        maxLength={lessonTitleMaxLength}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Lesson type"
          placeholder="Choose a type"
          options={lessonTypes.map((value) => ({ value, label: lessonTypeLabels[value] }))}
          error={errors.type?.message}
          {...form.register('type')}
        />
        <DurationMinutesField error={errors.durationMinutes?.message} {...form.register('durationMinutes')} />
        <ContentStatusField error={errors.status?.message} {...form.register('status')} />
      </div>

      {type !== 'quiz' ? (
        <TextAreaField
          label={contentLabels[type]}
          rows={type === 'video' ? 3 : 8}
          required={type === 'reading'}
          maxLength={lessonContentMaxLength}
          error={errors.content?.message}
          className="font-mono"
          {...form.register('content')}
        />
      ) : null}

      {type === 'video' ? (
        <div className="grid gap-2">
          <Label htmlFor={id('video')}>Video file</Label>
          {saved?.videoUrl && !video ? (
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <a
                href={saved.videoUrl}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-accent underline-offset-4 hover:underline"
              >
                Watch the current video
              </a>
              <Button
                variant="destructive"
                size="sm"
                disabled={removeVideo.isPending}
                onClick={() => removeVideo.mutate(saved.id, { onSuccess: (next) => setSaved(next) })}
              >
                Remove video
              </Button>
            </p>
          ) : null}
          <input
            id={id('video')}
            type="file"
            accept="video/mp4,video/webm"
            onChange={onVideoChange}
            disabled={busy}
            aria-invalid={videoError ? true : undefined}
            aria-describedby={videoError ? id('video-error') : id('video-hint')}
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <p id={id('video-hint')} className="text-xs text-muted-foreground">
            An MP4 or WebM file up to 500 MB; it is uploaded when the lesson is saved.
          </p>
          {upload.isPending ? (
            <p role="status" className="text-sm">
              Uploading…
            </p>
          ) : null}
          <FieldError id={id('video-error')}>{videoError}</FieldError>
        </div>
      ) : null}

      {type === 'quiz' ? (
        <QuizEditor form={form} passMarkError={errors.passMark?.message} questionsError={questionsError} />
      ) : null}

      <FormActions failure={failure} onCancel={onDone} cancelLabel={saved && !lesson ? 'Close' : 'Cancel'} busy={busy}>
        {upload.isPending ? 'Uploading…' : save.isPending ? 'Saving…' : saved ? 'Save lesson' : 'Add lesson'}
      </FormActions>
    </form>
  )
}

function QuizEditor({
  form,
  passMarkError,
  questionsError,
}: {
  form: LessonForm
  passMarkError?: string
  questionsError?: string
}) {
  const questions = useFieldArray({ control: form.control, name: 'questions' })
  return (
    <div className="grid gap-4">
      <TextField
        label="Pass mark (%)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        className="max-w-40"
        error={passMarkError}
        {...form.register('passMark')}
      />
      {questions.fields.map((field, index) => (
        <QuestionEditor
          key={field.id}
          form={form}
          control={form.control}
          index={index}
          onRemove={() => questions.remove(index)}
        />
      ))}
      <FieldError>{questionsError}</FieldError>
      {questions.fields.length < quizQuestionsMax ? (
        <Button variant="outline" size="sm" className="w-fit" onClick={() => questions.append(emptyQuestion())}>
          <Plus aria-hidden="true" className="size-4" />
          Add question
        </Button>
      ) : null}
    </div>
  )
}

function QuestionEditor({
  form,
  control,
  index,
  onRemove,
}: {
  form: LessonForm
  control: Control<LessonFormValues, unknown, z.output<typeof LessonFormInput>>
  index: number
  onRemove: () => void
}) {
  const choices = useFieldArray({ control, name: `questions.${index}.choices` })
  const errors = form.formState.errors.questions?.[index]
  const base = useId()
  const number = index + 1
  const correctError = errors?.correctChoice?.message
  const choicesError = errors?.choices?.root?.message ?? errors?.choices?.message

  const removeChoice = (choice: number) => {
    // the right answer keeps pointing at the same choice
    const correct = form.getValues(`questions.${index}.correctChoice`)
    if (correct === String(choice)) form.setValue(`questions.${index}.correctChoice`, null)
    else if (correct && Number(correct) > choice)
      form.setValue(`questions.${index}.correctChoice`, String(Number(correct) - 1))
    choices.remove(choice)
  }

  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-medium">Question {number}</legend>
      <TextAreaField
        label={`Question ${number} text`}
        rows={2}
        maxLength={quizPromptMaxLength}
        error={errors?.prompt?.message}
        {...form.register(`questions.${index}.prompt`)}
      />
      <fieldset className="grid gap-2" aria-describedby={correctError ? `${base}-correct-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Choices of question {number} (select the right answer)</legend>
        {choices.fields.map((field, choice) => {
          const choiceError = firstErrorMessage(errors?.choices?.[choice])
          return (
            <div key={field.id} className="grid gap-1">
              <div className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`${base}-correct-${choice}`}
                  value={String(choice)}
                  aria-label={`Choice ${choice + 1} is the right answer`}
                  className="size-4 shrink-0 accent-[var(--primary)]"
                  {...form.register(`questions.${index}.correctChoice`)}
                />
                <TextField
                  label={`Question ${number}, choice ${choice + 1}`}
                  maxLength={quizChoiceMaxLength}
                  className="flex-1 [&>label]:sr-only"
                  error={choiceError}
                  {...form.register(`questions.${index}.choices.${choice}.text`)}
                />
                <IconActionButton
                  label={`Remove choice ${choice + 1} of question ${number}`}
                  hint="Remove choice"
                  icon={Trash2}
                  disabled={choices.fields.length <= quizChoicesMin}
                  onClick={() => removeChoice(choice)}
                />
              </div>
            </div>
          )
        })}
      </fieldset>
      <FieldError id={`${base}-correct-error`}>{correctError}</FieldError>
      <FieldError>{choicesError}</FieldError>
      <div className="flex flex-wrap gap-2">
        {choices.fields.length < quizChoicesMax ? (
          <Button variant="outline" size="sm" onClick={() => choices.append({ text: '' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add choice
          </Button>
        ) : null}
        <Button variant="destructive" size="sm" onClick={onRemove}>
          Remove question {number}
        </Button>
      </div>
    </fieldset>
  )
}
