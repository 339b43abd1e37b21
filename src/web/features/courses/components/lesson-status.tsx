import { CheckCircle2 } from 'lucide-react'

const completedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** 'Completed' with its date, once a lesson is done. */
export function LessonCompleted({ completedAt }: { completedAt: string | null }) {
  return (
    <p data-testid="lesson-completed" className="inline-flex items-center gap-2 text-sm font-medium text-foreground">
      <CheckCircle2 aria-hidden="true" className="size-5 text-accent" />
      Completed
      {completedAt ? (
        <span className="font-normal text-muted-foreground">
          on <time dateTime={completedAt}>{completedFormat.format(new Date(completedAt))}</time>
        </span>
      ) : null}
    </p>
  )
}
