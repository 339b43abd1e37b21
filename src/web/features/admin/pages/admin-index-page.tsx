import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { useViewer } from '#web/lib/session.ts'
import { PageTitle } from '#web/components/page-title.tsx'

/**
 * /admin: the admin dashboard. Its cards showing other areas' data (the recent resume
 * reviews) come from the app route, which composes them (ARCHITECTURE.md rule 7).
 */
export function AdminIndexPage({ children }: { children?: ReactNode }) {
  const { user } = useViewer()
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <PageTitle>Admin Dashboard</PageTitle>
        <h1 className="text-3xl font-semibold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">
          Welcome{user?.firstName ? `, ${user.firstName}` : ''}. The admin tools of Prestige Labs live here; each one
          appears in the side navigation as it becomes available.
        </p>
      </div>
      {children}
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Courses</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Categories, courses and their marketplace prices, modules and lessons (videos, readings, quizzes and
          assignments).
        </p>
        <Link
          to={pathTo('adminCourses')}
          className="mt-4 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Manage courses
        </Link>
      </div>
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Blog</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Write posts in Markdown, keep drafts, publish them to members, and set the newsletter feed shown beside them.
        </p>
        <Link
          to={pathTo('adminBlog')}
          className="mt-4 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Manage the blog
        </Link>
      </div>
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Layoff tracker</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Import states&rsquo; WARN notice files as CSV, follow each import live, and undo one as a whole.
        </p>
        <Link
          to={pathTo('adminLayoffs')}
          className="mt-4 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Import layoff notices
        </Link>
      </div>
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Development mailbox</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Without SMTP settings, the emails the platform sends (password resets, notices) are kept here for reading.
        </p>
        <Link
          to={pathTo('devMail')}
          className="mt-4 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Read the development emails
        </Link>
      </div>
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Background jobs</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Mail and recurring work run as queued jobs; a job that keeps failing is listed with its error and can be run
          again.
        </p>
        <Link
          to={pathTo('adminQueue')}
          className="mt-4 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          See the job queues
        </Link>
      </div>
    </div>
  )
}
