import { scoreBandLabels, scoreBandOf, type ScoreBand } from '#shared/resumes/scoring.ts'
import { cn } from '#web/lib/cn.ts'

const tones: Record<ScoreBand, string> = {
  'highly-competitive': 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  'needs-optimization': 'bg-amber-500/15 text-amber-900 dark:text-amber-200',
  'needs-major-improvement': 'bg-rose-500/15 text-rose-800 dark:text-rose-300',
}

/** A total's band (spec 001 §9): 70+ Highly Competitive, 40-69 Needs Optimization, below 40 Needs Major Improvement. */
export function ScoreBandBadge({ total }: { total: number }) {
  const band = scoreBandOf(total)
  return (
    <span
      data-testid="score-band"
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', tones[band])}
    >
      {scoreBandLabels[band]}
    </span>
  )
}

/** A total out of 100 and its band, on one line. */
export function ScoreTotal({ total, className }: { total: number; className?: string }) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-2', className)}>
      <span className="font-semibold tabular-nums" data-testid="score-total">
        {total}
        <span className="text-muted-foreground">/100</span>
      </span>
      <ScoreBandBadge total={total} />
    </span>
  )
}
