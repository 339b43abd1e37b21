import { matchBand } from '#shared/jobs/skills.ts'
import { cn } from '#web/lib/cn.ts'

const bandClasses = {
  strong: 'border-green-600/40 bg-green-500/15 text-green-800 dark:text-green-300',
  fair: 'border-yellow-600/40 bg-yellow-400/20 text-yellow-900 dark:text-yellow-200',
  low: 'border-border bg-muted text-muted-foreground',
} as const

/**
 * spec 001 §9: green at 80 % or more, yellow at 60 % or more, grey below, hidden at 0.
 * The percentage is written out, so colour is never the only cue.
 */
export function MatchBadge({ match, className }: { match: number; className?: string }) {
  const band = matchBand(match)
  if (band === 'none') return null
  return (
    <span
      data-testid="match-badge"
      data-band={band}
      title="How many of this job's skills are on your profile"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        bandClasses[band],
        className,
      )}
    >
      {match}% match
    </span>
  )
}
