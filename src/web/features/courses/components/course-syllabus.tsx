import { Link, useLocation } from 'react-router'
import { CheckCircle2, Circle } from 'lucide-react'
import { lessonTypeLabels } from '#shared/courses/constants.ts'
import type { ModuleView } from '#shared/courses/schemas.ts'
import { lessonIcons } from '#web/features/courses/components/lesson-icon.tsx'
import { lessonSearch } from '#web/features/courses/components/lesson-panel.tsx'
import { ProgressBar } from '#web/features/courses/components/progress-bar.tsx'
import { cn } from '#web/lib/cn.ts'

/** The course's modules and lessons in order, each module with its progress bar; a lesson opens in the page. */
export function CourseSyllabus({ modules, openLessonId }: { modules: ModuleView[]; openLessonId: string | null }) {
  const location = useLocation()
  if (modules.length === 0) {
    return <p className="text-sm text-muted-foreground">The lessons of this course are not published yet.</p>
  }
  return (
    <ol className="grid gap-5" data-testid="course-modules">
      {modules.map((module, index) => (
        <li key={module.id} className="grid gap-3" data-testid="course-module">
          <div className="grid gap-1.5">
            <h3 className="font-semibold">
              <span className="text-muted-foreground">Module {index + 1}:</span> {module.title}
            </h3>
            {module.description ? <p className="text-sm text-muted-foreground">{module.description}</p> : null}
            <ProgressBar label={`Progress in module ${module.title}`} percent={module.progress.percent} />
          </div>
          <ol className="grid gap-1">
            {module.lessons.map((lesson) => {
              const Icon = lessonIcons[lesson.type]
              const open = lesson.id === openLessonId
              return (
                <li key={lesson.id}>
                  <Link
                    to={{ search: lessonSearch(location.search, lesson.id) }}
                    state={location.state}
                    aria-current={open ? 'true' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors hover:bg-muted',
                      open && 'bg-muted font-medium',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1">
                      {lesson.title}
                      <span className="sr-only">
                        {' '}
                        ({lessonTypeLabels[lesson.type]}, {lesson.progress.completed ? 'completed' : 'not completed'})
                      </span>
                    </span>
                    <span aria-hidden="true" className="shrink-0 text-xs text-muted-foreground">
                      {lesson.durationMinutes} min
                    </span>
                    {lesson.progress.completed ? (
                      <CheckCircle2
                        aria-hidden="true"
                        data-testid="lesson-done"
                        className="size-4 shrink-0 text-accent"
                      />
                    ) : (
                      <Circle aria-hidden="true" className="size-4 shrink-0 text-muted-foreground/60" />
                    )}
                  </Link>
                </li>
              )
            })}
          </ol>
        </li>
      ))}
    </ol>
  )
}
