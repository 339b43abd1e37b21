import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { adminCourseQuery, isCourseMissing, useRestoreCourse } from '#web/features/courses/api/admin-courses.ts'
import { AdminCourseForm } from '#web/features/courses/components/admin-course-form.tsx'
import { messageOf } from '#web/lib/api.ts'

/** A course page's frame when its course is missing or still loading. */
export function CourseMissing({ error }: { error: unknown }) {
  const missing = isCourseMissing(error)
  const message = missing ? courseMessages.notFound : messageOf(error, courseMessages.loadCourseFailed)
  return (
    <div className="grid justify-items-start gap-4">
      <PageTitle>{message}</PageTitle>
      <h1 className="text-2xl font-semibold tracking-tight">{message}</h1>
      <p className="text-muted-foreground">
        {missing ? 'It may have been removed, or the address is wrong.' : 'Please try again in a moment.'}
      </p>
      <Link to={pathTo('adminCourses')} className={buttonClasses('primary')}>
        Back to courses
      </Link>
    </div>
  )
}

/** /admin/courses/{id}/edit (spec 002 §2, §5): the course form, filled. */
export function AdminCourseEditPage() {
  const { courseId = '' } = useParams()
  const navigate = useNavigate()
  const course = useQuery(adminCourseQuery(courseId))
  const restore = useRestoreCourse()

  if (course.isPending)
    return (
      <div className="grid gap-4">
        <PageTitle>Edit Course</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Edit course</h1>
        <p role="status" className="text-muted-foreground">
          Loading course…
        </p>
      </div>
    )
  if (course.isError) return <CourseMissing error={course.error} />

  const data = course.data
  return (
    <div className="grid gap-6">
      <BackLink to={pathTo('adminCourses')}>Back to courses</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>{`Edit ${data.title}`}</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">Edit course</h1>
          <p className="text-sm text-muted-foreground">{data.title}</p>
        </div>
        <Link to={pathTo('adminCourseModules', { courseId: data.id })} className={buttonClasses('outline')}>
          Manage Modules
        </Link>
      </div>
      {data.deletedAt ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-4">
          <p className="text-sm">{courseMessages.deletedCourseReadOnly}.</p>
          <Button size="sm" disabled={restore.isPending} onClick={() => restore.mutate(data.id)}>
            Restore course
          </Button>
        </div>
      ) : (
        <Card>
          <CardContent>
            <AdminCourseForm
              key={data.id}
              course={data}
              onDone={() => navigate(pathTo('adminCourses'))}
              onCancel={() => navigate(pathTo('adminCourses'))}
            />
          </CardContent>
        </Card>
      )}
    </div>
  )
}
