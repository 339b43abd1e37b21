import { Download } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { useDownloadResume } from '#web/features/resumes/api/resumes.ts'

/** Saves a review's PDF under the server's name for it; its accessible name says whose or which. */
export function DownloadResumeButton({
  review,
  label,
  iconOnly = false,
}: {
  review: { id: string; downloadUrl: string; downloadName: string }
  /** the accessible name ('Download resume of Ada Lovelace') */
  label: string
  iconOnly?: boolean
}) {
  const download = useDownloadResume()
  const busy = download.isPending
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      title={iconOnly ? 'Download Resume' : undefined}
      disabled={busy}
      onClick={() => download.mutate({ reviewId: review.id, url: review.downloadUrl, name: review.downloadName })}
    >
      <Download aria-hidden="true" className="size-3.5" />
      {iconOnly ? null : <span aria-hidden="true">{busy ? 'Downloading…' : 'Download'}</span>}
    </Button>
  )
}
