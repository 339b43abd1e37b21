import { useState } from 'react'
import { useForm, useWatch, type Control } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { scoreCriteria, scoreCriterionLabels, scoreWeights, feedbackMaxLength } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import { ScoreInput, type ScoreInputParsed, type ScoreView } from '#shared/resumes/schemas.ts'
import { subScoreOf, totalScoreOf } from '#shared/resumes/scoring.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { adminReviewQuery, useScoreReview } from '#web/features/resumes/api/admin-resumes.ts'
import { formatDueTime, fullName } from '#web/features/resumes/components/format.ts'
import { ScoreTotal } from '#web/features/resumes/components/score-band.tsx'
import { SuggestionPanel } from '#web/features/resumes/components/suggestion-panel.tsx'

type ScoredReview = { id: string; member: { firstName: string; lastName: string } }

/**
 * spec 002 §5 Score form, beside the automatic suggestion and the previous
 * iterations (issue 16). Saving adds an iteration and marks the review reviewed.
 */
export function ScoreDialog({ review, onClose }: { review: ScoredReview | null; onClose: () => void }) {
  return (
    <Dialog open={review !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {review ? (
        // widths through sm:/md: a plain max-w-* loses to the dialog's own max-w-md, later in the stylesheet
        <DialogContent
          title={`Score resume: ${fullName(review.member)}`}
          description="Each sub-score is a whole number from 0 to 100; anything else counts as 0."
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl md:max-w-5xl"
        >
          <ScoreDialogBody reviewId={review.id} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function ScoreDialogBody({ reviewId, onDone }: { reviewId: string; onDone: () => void }) {
  const detail = useQuery(adminReviewQuery(reviewId))
  const score = useScoreReview()
  const [failure, setFailure] = useState<string>()
  const form = useForm<ScoreInput, unknown, ScoreInputParsed>({
    resolver: zodResolver(ScoreInput),
    defaultValues: { keyword: '', format: '', content: '', ats: '', feedback: '' },
  })
  const { errors } = form.formState

  const save = form.handleSubmit(() => {
    setFailure(undefined)
    // what was typed goes as typed: the server applies the same 'invalid becomes 0'
    score.mutate(
      { reviewId, score: form.getValues() },
      {
        onSuccess: onDone,
        onError: (error) => setFailure(formFailure(form, error, { fallback: resumeMessages.scoreFailed })),
      },
    )
  })

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form noValidate onSubmit={save} className="grid content-start gap-4" aria-label="Score form">
        <div className="grid grid-cols-2 gap-4">
          {scoreCriteria.map((criterion) => (
            <SubScoreField key={criterion} criterion={criterion} control={form.control} register={form.register} />
          ))}
        </div>
        <LiveTotal control={form.control} />
        <TextAreaField
          label="Feedback"
          rows={5}
          maxLength={feedbackMaxLength}
          required
          error={errors.feedback?.message}
          {...form.register('feedback')}
        />
        <FormActions failure={failure} onCancel={onDone} busy={score.isPending}>
          {score.isPending ? 'Saving…' : 'Save score'}
        </FormActions>
      </form>

      <div className="grid content-start gap-6">
        {detail.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the review…
          </p>
        ) : detail.isError ? (
          <LoadFailedAlert className="py-6" onRetry={() => void detail.refetch()}>
            {messageOf(detail.error, resumeMessages.loadFailed)}
          </LoadFailedAlert>
        ) : (
          <>
            <SuggestionPanel
              suggestion={detail.data.suggestion}
              onUse={(suggestion) => {
                for (const criterion of scoreCriteria)
                  form.setValue(criterion, String(suggestion.criteria[criterion].score), { shouldDirty: true })
              }}
            />
            <PreviousIterations scores={detail.data.scores} />
          </>
        )}
      </div>
    </div>
  )
}

function SubScoreField({
  criterion,
  control,
  register,
}: {
  criterion: (typeof scoreCriteria)[number]
  control: Control<ScoreInput, unknown, ScoreInputParsed>
  register: ReturnType<typeof useForm<ScoreInput, unknown, ScoreInputParsed>>['register']
}) {
  const value = useWatch({ control, name: criterion })
  const typed = typeof value === 'string' ? value.trim() : value
  const countsAsZero = typed !== '' && typed !== undefined && subScoreOf(typed) === 0 && String(typed) !== '0'
  return (
    <TextField
      label={`${scoreCriterionLabels[criterion]} (${Math.round(scoreWeights[criterion] * 100)}%)`}
      type="number"
      inputMode="numeric"
      min={0}
      max={100}
      step={1}
      hint={countsAsZero ? 'Not a whole number from 0 to 100: counts as 0' : undefined}
      {...register(criterion)}
    />
  )
}

/** spec 002 §9: the rounded weighted sum, and its band, as the coach types. */
function LiveTotal({ control }: { control: Control<ScoreInput, unknown, ScoreInputParsed> }) {
  const [keyword, format, content, ats] = useWatch({ control, name: ['keyword', 'format', 'content', 'ats'] })
  const total = totalScoreOf({
    keyword: subScoreOf(keyword),
    format: subScoreOf(format),
    content: subScoreOf(content),
    ats: subScoreOf(ats),
  })
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm" data-testid="live-total">
      <span className="font-medium">Total</span>
      <output aria-live="polite">
        <ScoreTotal total={total} />
      </output>
    </p>
  )
}

function PreviousIterations({ scores }: { scores: ScoreView[] }) {
  return (
    <section aria-labelledby="iterations-title" className="grid gap-3">
      <h3 id="iterations-title" className="font-semibold">
        Previous iterations
      </h3>
      {scores.length === 0 ? (
        <p className="text-sm text-muted-foreground">No scores yet</p>
      ) : (
        <ol className="grid gap-3">
          {[...scores]
            .sort((a, b) => b.iteration - a.iteration)
            .map((score) => (
              <li key={score.iteration} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">Iteration {score.iteration}</span>
                  <ScoreTotal total={score.total} />
                </p>
                <p className="text-xs text-muted-foreground">
                  {scoreCriteria
                    .map((criterion) => `${scoreCriterionLabels[criterion]} ${score.scores[criterion]}`)
                    .join(' · ')}
                  {' · '}
                  <time dateTime={score.createdAt}>{formatDueTime(score.createdAt)}</time>
                </p>
                <p className="break-words whitespace-pre-wrap">{score.feedback}</p>
              </li>
            ))}
        </ol>
      )}
    </section>
  )
}
