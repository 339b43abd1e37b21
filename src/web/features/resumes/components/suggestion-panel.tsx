import { scoreCriteria, scoreCriterionLabels } from '#shared/resumes/constants.ts'
import type { ResumeSuggestion, SuggestionView } from '#shared/resumes/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ScoreTotal } from '#web/features/resumes/components/score-band.tsx'

/**
 * The automatic pre-score beside the score form (issue 16): computed from the PDF's
 * text by a background job, so it may still be on its way (it appears live), ready
 * with each criterion's score and reasons, or failed with a message for the coach.
 */
export function SuggestionPanel({
  suggestion,
  onUse,
}: {
  suggestion: SuggestionView
  onUse: (suggestion: ResumeSuggestion) => void
}) {
  return (
    <section aria-labelledby="suggestion-title" className="grid gap-3" data-testid="score-suggestion">
      <h3 id="suggestion-title" className="font-semibold">
        Automatic suggestion
      </h3>
      {suggestion.status === 'pending' ? (
        <p role="status" className="text-sm text-muted-foreground">
          Analysing the PDF…
        </p>
      ) : suggestion.status === 'failed' ? (
        <p className="text-sm text-destructive">{suggestion.message}</p>
      ) : (
        <Ready suggestion={suggestion.suggestion} onUse={onUse} />
      )}
    </section>
  )
}

function Ready({ suggestion, onUse }: { suggestion: ResumeSuggestion; onUse: (suggestion: ResumeSuggestion) => void }) {
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Suggested total</span>
          <ScoreTotal total={suggestion.total} />
        </p>
        <Button size="sm" variant="secondary" onClick={() => onUse(suggestion)}>
          Use suggestion
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {suggestion.pages === 1 ? '1 page' : `${suggestion.pages} pages`}
        {suggestion.targetSkills.length > 0
          ? ` · skills looked for (${suggestion.targetSource}): ${suggestion.targetSkills.join(', ')}`
          : ''}
      </p>
      <ul className="grid gap-3">
        {scoreCriteria.map((criterion) => {
          const { score, reasons } = suggestion.criteria[criterion]
          return (
            <li key={criterion} className="grid gap-1" data-testid={`suggested-${criterion}`}>
              <p className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{scoreCriterionLabels[criterion]}</span>
                <span className="tabular-nums" data-testid="suggested-score">
                  {score}
                </span>
              </p>
              {reasons.length > 0 ? (
                <ul className="grid list-disc gap-0.5 pl-5 text-xs text-muted-foreground">
                  {reasons.map((reason, index) => (
                    <li key={index}>{reason}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
