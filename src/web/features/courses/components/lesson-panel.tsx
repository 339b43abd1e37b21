import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { ArrowRight, X } from 'lucide-react'
import { lessonTypeLabels } from '#shared/courses/constants.ts'
import type { LessonView, ModuleView } from '#shared/courses/schemas.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { lessonIcons } from '#web/features/courses/components/lesson-icon.tsx'
import { LessonContent } from '#web/features/courses/components/lesson-content.tsx'
import { MarkComplete } from '#web/features/courses/components/mark-complete.tsx'
import { QuizLesson } from '#web/features/courses/components/quiz-lesson.tsx'
import { VideoLesson } from '#web/features/courses/components/video-lesson.tsx'

/** The search of a course page's address with `lesson` open (or none). */
export function lessonSearch(search: string, lessonId: string | null): string {
  const params = new URLSearchParams(search)
  if (lessonId) params.set('lesson', lessonId)
  else params.delete('lesson')
  const text = params.toString()
  return text ? `?${text}` : ''
}

function LessonBody({ lesson }: { lesson: LessonView }) {
  if (lesson.type === 'quiz' && lesson.quiz) return <QuizLesson key={lesson.id} lesson={lesson} quiz={lesson.quiz} />
  if (lesson.type === 'video' && lesson.videoUrl) {
    return (
      <div className="grid gap-6">
        <VideoLesson key={lesson.id} lesson={lesson} videoUrl={lesson.videoUrl} />
        <LessonContent html={lesson.contentHtml} />
      </div>
    )
  }
  // reading, assignment, and a video that is not ours: read, then 'Mark complete' (issue 15)
  return (
    <div className="grid gap-6">
      <LessonContent html={lesson.contentHtml} />
      <MarkComplete lesson={lesson} />
    </div>
  )
}

/** An open lesson of the course page: its video, text or quiz, and the way on to the next one. */
export function LessonPanel({
  lesson,
  module,
  next,
}: {
  lesson: LessonView
  module: ModuleView
  next: LessonView | undefined
}) {
  const location = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  const Icon = lessonIcons[lesson.type]

  // a lesson opened from the course content: reading starts at its title
  useEffect(() => {
    heading.current?.focus({ preventScroll: false })
  }, [lesson.id])

  return (
    <section
      aria-labelledby={`lesson-${lesson.id}-title`}
      data-testid="lesson-panel"
      className="grid content-start gap-6 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <Icon aria-hidden="true" className="size-4" />
            {lessonTypeLabels[lesson.type]} · {lesson.durationMinutes} min · {module.title}
          </p>
          <h2
            id={`lesson-${lesson.id}-title`}
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight focus:outline-none"
          >
            {lesson.title}
          </h2>
        </div>
        <Link
          to={{ search: lessonSearch(location.search, null) }}
          state={location.state}
          className={buttonClasses('ghost', 'sm')}
        >
          <X aria-hidden="true" className="size-4" />
          Close lesson
        </Link>
      </header>
      <LessonBody lesson={lesson} />
      {next ? (
        <Link
          to={{ search: lessonSearch(location.search, next.id) }}
          state={location.state}
          className={buttonClasses('outline', 'md', 'w-fit')}
        >
          Next lesson: {next.title}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </section>
  )
}
