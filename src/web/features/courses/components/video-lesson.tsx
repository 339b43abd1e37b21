import { useEffect, useRef, useState } from 'react'
import type { LessonView } from '#shared/courses/schemas.ts'
import { useLessonProgress } from '#web/features/courses/api/courses.ts'
import {
  isVideoComplete,
  shouldReport,
  watchedFractionOf,
  type ReportState,
} from '#web/features/courses/api/video-progress.ts'
import { LessonCompleted } from '#web/features/courses/components/lesson-status.tsx'
import { ProgressBar } from '#web/features/courses/components/progress-bar.tsx'

/**
 * A lesson video of ours (issue 15): streamed from the API with byte ranges (the
 * browser asks for them as it seeks), reporting the furthest point watched as it
 * plays, throttled; complete at 90 %. Keyed by lesson where it is used, so each
 * lesson starts from its own stored share.
 */
export function VideoLesson({ lesson, videoUrl }: { lesson: LessonView; videoUrl: string }) {
  const progress = useLessonProgress()
  const { mutate } = progress
  const [furthest, setFurthest] = useState(lesson.progress.watchedFraction)
  const sent = useRef<ReportState>({ sentFraction: lesson.progress.watchedFraction, sentAt: 0 })
  const furthestRef = useRef(furthest)

  const report = (fraction: number, force: boolean) => {
    const now = Date.now()
    if (fraction <= sent.current.sentFraction) return
    if (!force && !shouldReport(sent.current, fraction, now)) return
    const previous = sent.current
    sent.current = { sentFraction: fraction, sentAt: now }
    mutate(
      { lessonId: lesson.id, input: { watchedFraction: fraction } },
      // not recorded: the next report tries again from what was last stored
      { onError: () => (sent.current = previous) },
    )
  }

  const onProgress = (video: HTMLVideoElement, force = false) => {
    const fraction = watchedFractionOf(video.currentTime, video.duration)
    if (fraction > furthestRef.current) {
      furthestRef.current = fraction
      setFurthest(fraction)
    }
    report(furthestRef.current, force)
  }

  // leaving the lesson mid-video: the furthest point is still recorded
  const flush = useRef(() => {})
  flush.current = () => report(furthestRef.current, true)
  useEffect(() => () => flush.current(), [])

  const complete = isVideoComplete(lesson.progress.completed, furthest)
  const percent = Math.floor(Math.max(furthest, lesson.progress.watchedFraction) * 100)
  return (
    <div className="grid gap-4">
      <video
        src={videoUrl}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video: ${lesson.title}`}
        className="aspect-video w-full rounded-lg bg-black"
        onTimeUpdate={(event) => onProgress(event.currentTarget)}
        onPause={(event) => onProgress(event.currentTarget, true)}
        onEnded={(event) => onProgress(event.currentTarget, true)}
      />
      {complete ? (
        <LessonCompleted completedAt={lesson.progress.completedAt} />
      ) : (
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Watched {percent}%. The lesson completes at 90%.</p>
          <ProgressBar label={`Watched of ${lesson.title}`} percent={percent} showValue={false} />
        </div>
      )}
    </div>
  )
}
