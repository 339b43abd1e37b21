import { useNavigate } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { AdminCourseForm } from '#web/features/courses/components/admin-course-form.tsx'

/** /admin/courses/new (spec 002 §2): the add course page; a new course goes on to its modules. */
export function AdminCourseNewPage() {
  const navigate = useNavigate()
  return (
    <div className="grid gap-6">
      <BackLink to={pathTo('adminCourses')}>Back to courses</BackLink>
      <div className="grid gap-1">
        <PageTitle>Add Course</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Add course</h1>
        <p className="text-sm text-muted-foreground">
          A draft stays hidden from members until it is published. Modules and lessons come next.
        </p>
      </div>
      <Card>
        <CardContent>
          <AdminCourseForm
            onDone={(course) =>
              navigate(course ? pathTo('adminCourseModules', { courseId: course.id }) : pathTo('adminCourses'))
            }
            onCancel={() => navigate(pathTo('adminCourses'))}
          />
        </CardContent>
      </Card>
    </div>
  )
}
