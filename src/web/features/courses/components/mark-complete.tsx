import { toast } from 'sonner'
import { CheckCircle2 } from 'lucide-react'
import { progressMessages } from '#shared/courses/messages.ts'
import type { LessonView } from '#shared/courses/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useLessonProgress } from '#web/features/courses/api/courses.ts'
import { LessonCompleted } from '#web/features/courses/components/lesson-status.tsx'
import { messageOf } from '#web/lib/api.ts'

/** 'Mark complete' of a reading or assignment lesson (or a video that is not ours); then its date. */
export function MarkComplete({ lesson }: { lesson: LessonView }) {
  const progress = useLessonProgress()
  if (lesson.progress.completed) return <LessonCompleted completedAt={lesson.progress.completedAt} />
  return (
    <Button
      className="w-fit"
      disabled={progress.isPending}
      onClick={() =>
        progress.mutate(
          { lessonId: lesson.id, input: { complete: true } },
          { onError: (error) => toast.error(messageOf(error, progressMessages.progressFailed)) },
        )
      }
    >
      <CheckCircle2 aria-hidden="true" className="size-4" />
      {progress.isPending ? 'Saving...' : 'Mark complete'}
    </Button>
  )
}
