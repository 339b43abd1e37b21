import { BarChart3, Clock, Tag } from 'lucide-react'
import type { CourseCard } from '#shared/courses/schemas.ts'
import { cn } from '#web/lib/cn.ts'

/** '4 hours', '1.5 hours', '1 hour'. */
export function formatHours(hours: number): string {
  const rounded = Math.round(hours * 10) / 10
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
}

/** Level, duration and category: the card's and the course page's line of facts. */
export function CourseFacts({
  course,
  className,
}: {
  course: Pick<CourseCard, 'level' | 'durationHours'> & { category?: CourseCard['category'] }
  className?: string
}) {
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <li className="inline-flex items-center gap-1.5">
        <BarChart3 aria-hidden="true" className="size-4" />
        <span className="sr-only">Level: </span>
        {course.level}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        <span className="sr-only">Duration: </span>
        {formatHours(course.durationHours)}
      </li>
      {course.category ? (
        <li className="inline-flex items-center gap-1.5">
          <Tag aria-hidden="true" className="size-4" />
          <span className="sr-only">Category: </span>
          {course.category.name}
        </li>
      ) : null}
    </ul>
  )
}
