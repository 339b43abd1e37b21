import { Lightbulb, Quote } from 'lucide-react'
import type { RoutineDayView } from '#shared/goals/schemas.ts'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'

/** spec 001 §3 dailyQuote and coachTip. */
export function DailyQuotePanel({ day }: { day: Pick<RoutineDayView, 'quote' | 'coachTip'> }) {
  return (
    <RoutinePanel title="Daily Inspiration" icon={Quote} testId="daily-quote">
      <figure className="grid gap-2">
        <blockquote className="border-l-4 border-accent pl-4 text-lg italic">“{day.quote.text}”</blockquote>
        <figcaption className="pl-4 text-sm text-muted-foreground">— {day.quote.author}</figcaption>
      </figure>
      <div className="grid gap-1 rounded-lg bg-muted p-4">
        <p className="flex items-center gap-1.5 text-sm font-semibold">
          <Lightbulb aria-hidden="true" className="size-4 text-accent" />
          Coach&apos;s tip
        </p>
        <p className="text-sm">{day.coachTip}</p>
      </div>
    </RoutinePanel>
  )
}
