import { Bookmark, BookmarkCheck } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { useToggleSavedJob } from '#web/features/jobs/api/jobs.ts'

/**
 * Saves a job or removes it from the saved items (spec 001 §2). A toggle: aria-pressed
 * says whether it is saved; its name carries the job's title ('Save …' / 'Saved …').
 */
export function SaveJobButton({
  jobId,
  title,
  saved,
  size = 'sm',
}: {
  jobId: string
  title: string
  saved: boolean
  size?: 'sm' | 'md'
}) {
  const toggle = useToggleSavedJob()
  const Icon = saved ? BookmarkCheck : Bookmark
  return (
    <Button
      variant={saved ? 'secondary' : 'outline'}
      size={size}
      aria-pressed={saved}
      data-testid="save-job"
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ jobId, save: !saved })}
    >
      <Icon aria-hidden="true" className={saved ? 'size-4 fill-current text-accent' : 'size-4'} />
      {saved ? 'Saved' : 'Save'}
      <span className="sr-only"> {title}</span>
    </Button>
  )
}
