import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { scoreCriteria, scoreCriterionLabels } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import type { ResumeStrength } from '#shared/resumes/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { resumeStrengthQuery, useLiveResumes } from '#web/features/resumes/api/resumes.ts'
import { formatChange } from '#web/features/resumes/components/format.ts'
import { HistoryChart } from '#web/features/resumes/components/history-chart.tsx'
import { ScoreTotal } from '#web/features/resumes/components/score-band.tsx'

const linkClasses = 'text-sm font-medium text-accent underline-offset-4 hover:underline'

/**
 * spec 001 §2 member dashboard, Resume Strength: the latest total and its band, the
 * number of scoring iterations, their history, and the four criteria with their
 * change since the previous score. It follows a coach's new score live.
 */
export function ResumeStrengthCard() {
  const strength = useQuery(resumeStrengthQuery())
  useLiveResumes()
  let body: ReactNode
  if (strength.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your resume metrics…
      </p>
    )
  } else if (strength.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{resumeMessages.metricsLoadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void strength.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (!strength.data.latest) {
    body = (
      <p className="text-sm text-muted-foreground">
        No score yet. Send your resume for a coach review to see how strong it is.
      </p>
    )
  } else {
    body = <Strength strength={strength.data} />
  }
  return (
    <Card role="region" aria-labelledby="card-resume-strength" className="h-full" data-testid="resume-strength">
      <CardHeader>
        <CardTitle id="card-resume-strength">Resume Strength</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        <Link to={pathTo('resumeReview')} className={linkClasses}>
          Open the Resume Lab
        </Link>
      </CardContent>
    </Card>
  )
}

function Strength({ strength }: { strength: ResumeStrength }) {
  const latest = strength.latest!
  return (
    <>
      <div className="grid gap-1">
        <ScoreTotal total={latest.total} className="text-2xl" />
        <p className="text-sm text-muted-foreground" data-testid="score-iterations">
          {strength.iterations === 1 ? '1 iteration' : `${strength.iterations} iterations`}
        </p>
      </div>
      <HistoryChart totals={strength.history.map((entry) => entry.total)} />
      <dl className="grid gap-1.5 text-sm">
        {scoreCriteria.map((criterion) => {
          const change = strength.change?.[criterion]
          return (
            <div
              key={criterion}
              className="flex items-baseline justify-between gap-2"
              data-testid={`criterion-${criterion}`}
            >
              <dt className="text-muted-foreground">{scoreCriterionLabels[criterion]}</dt>
              <dd className="flex items-baseline gap-2 tabular-nums">
                <span className="font-medium">{latest.scores[criterion]}</span>
                {change === undefined ? null : (
                  <span
                    data-testid="criterion-change"
                    className={cn(
                      'text-xs',
                      change > 0
                        ? 'text-emerald-700 dark:text-emerald-300'
                        : change < 0
                          ? 'text-rose-700 dark:text-rose-300'
                          : 'text-muted-foreground',
                    )}
                  >
                    {formatChange(change)}
                    <span className="sr-only"> since the previous score</span>
                  </span>
                )}
              </dd>
            </div>
          )
        })}
      </dl>
    </>
  )
}
