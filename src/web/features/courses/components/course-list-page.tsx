import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageTitle } from '#web/components/page-title.tsx'

/**
 * The frame of a course list (spec 001 §2 Browse Courses, Course marketplace): its
 * title, a line of introduction ending on a link to the other course page, then the
 * filters and results.
 */
export function CourseListPage({
  title,
  intro,
  link,
  children,
}: {
  title: string
  intro: string
  link: { to: string; label: string }
  children: ReactNode
}) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <PageTitle>{title}</PageTitle>
        <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">
          {intro}{' '}
          <Link to={link.to} className="font-medium text-accent underline-offset-4 hover:underline">
            {link.label}
          </Link>
          .
        </p>
      </header>
      {children}
    </div>
  )
}
