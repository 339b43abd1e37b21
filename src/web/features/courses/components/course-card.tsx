import { Link } from 'react-router'
import { Award } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import type { CourseCard as CourseCardView, CourseProgress } from '#shared/courses/schemas.ts'
import { CourseFacts } from '#web/features/courses/components/course-facts.tsx'
import { CourseImage } from '#web/features/courses/components/course-image.tsx'
import { PriceTag } from '#web/features/courses/components/price-tag.tsx'
import { ProgressBar } from '#web/features/courses/components/progress-bar.tsx'
import { SaveCourseButton } from '#web/features/courses/components/save-course-button.tsx'

/** Where the course page's back link returns to: the list (with its filters) the member came from. */
export type CourseLinkState = { back?: { to: string; label: string } }

type CourseCardProps = {
  course: CourseCardView
  /** the member's progress, when they started the course */
  progress?: CourseProgress
  /** the marketplace shows prices (spec 001 §2) */
  showPrice?: boolean
  linkState?: CourseLinkState
}

/** One course of a list (spec 001 §2 browse and marketplace): the title opens its page. */
export function CourseCard({ course, progress, showPrice = false, linkState }: CourseCardProps) {
  const titleId = `course-${course.id}-title`
  return (
    <article
      aria-labelledby={titleId}
      data-testid="course-card"
      className="grid h-full grid-rows-[auto_1fr] overflow-hidden rounded-xl border border-border bg-card shadow-sm"
    >
      <CourseImage imageUrl={course.imageUrl} className="aspect-[16/9] w-full" />
      <div className="flex flex-col gap-3 p-5">
        <div className="grid gap-0.5">
          <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight">
            <Link to={pathTo('courseDetail', { courseId: course.id })} state={linkState} className="hover:underline">
              {course.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">{course.provider}</p>
        </div>
        <CourseFacts course={course} />
        {course.hasCertification ? (
          <p className="inline-flex w-fit items-center gap-1.5 rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-medium">
            <Award aria-hidden="true" className="size-3.5 text-accent" />
            Certificate
          </p>
        ) : null}
        {progress ? (
          <div data-testid="course-progress" className="grid gap-1">
            <p className="text-xs text-muted-foreground">
              {progress.percent === 100 ? 'Completed' : `${progress.percent}% complete`}
            </p>
            <ProgressBar label={`Progress in ${course.title}`} percent={progress.percent} showValue={false} />
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-1">
          {showPrice ? <PriceTag price={course.price} /> : <span />}
          <SaveCourseButton courseId={course.id} title={course.title} saved={course.saved} />
        </div>
      </div>
    </article>
  )
}
