import { Bookmark, BookmarkCheck } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { useToggleSavedCourse } from '#web/features/courses/api/courses.ts'

/**
 * Saves a course or removes it from the saved items (spec 001 §2). A toggle:
 * aria-pressed says whether it is saved; its name carries the course's title.
 */
export function SaveCourseButton({
  courseId,
  title,
  saved,
  size = 'sm',
}: {
  courseId: string
  title: string
  saved: boolean
  size?: 'sm' | 'md'
}) {
  const toggle = useToggleSavedCourse()
  const Icon = saved ? BookmarkCheck : Bookmark
  return (
    <Button
      variant={saved ? 'secondary' : 'outline'}
      size={size}
      aria-pressed={saved}
      data-testid="save-course"
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ courseId, save: !saved })}
    >
      <Icon aria-hidden="true" className={saved ? 'size-4 fill-current text-accent' : 'size-4'} />
      {saved ? 'Saved' : 'Save'}
      <span className="sr-only"> {title}</span>
    </Button>
  )
}
