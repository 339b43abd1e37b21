import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { ImageOff, Plus, RotateCcw, Trash2 } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { searchMaxLength } from '#shared/courses/constants.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import type { AdminCourse } from '#shared/courses/schemas.ts'
import { ListCount } from '#web/components/list-count.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import {
  adminCoursesQuery,
  useDeleteAllCourses,
  useDeleteCourse,
  useRestoreBatch,
  useRestoreCourse,
  type AdminCourseView,
} from '#web/features/courses/api/admin-courses.ts'
import { formatCents } from '#web/features/courses/api/price.ts'
import { AdminCategoryManager } from '#web/features/courses/components/admin-category-manager.tsx'
import { AdminCourseFormDialog } from '#web/features/courses/components/admin-course-form.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'

const deletedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function formatDeletedAt(iso: string): string {
  return deletedAtFormat.format(new Date(iso))
}

/** /admin/courses (spec 002 §2 Course management): search, categories, the course grid, Delete All and its undo. */
export function AdminCoursesPage() {
  const [search, setSearch] = useUrlTextParam('q')
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const view: AdminCourseView = params.get('view') === 'deleted' ? 'deleted' : 'live'
  const courses = useInfiniteQuery(adminCoursesQuery(q, view))
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<AdminCourse | null>(null)
  const [deletingAll, setDeletingAll] = useState(false)
  const pages = courses.data?.pages
  const first = pages?.[0]
  const list = pages && first && { courses: pages.flatMap((page) => page.courses), total: first.total }
  const counts = first?.counts

  const showView = (next: AdminCourseView) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous)
        if (next === 'deleted') updated.set('view', 'deleted')
        else updated.delete('view')
        return updated
      },
      { replace: true },
    )

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>Course Management</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">Course management</h1>
          <p className="text-sm text-muted-foreground">
            Courses of the browse page and the marketplace, drafts included. A deleted course can be restored.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="destructive" disabled={!counts || counts.live === 0} onClick={() => setDeletingAll(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete All Courses
          </Button>
          <Link to={pathTo('adminCourseNew')} className={buttonClasses('outline')}>
            New course page
          </Link>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add Course
          </Button>
        </div>
      </div>

      <AdminCategoryManager />

      <section aria-labelledby="course-grid-title" className="grid gap-4">
        <h2 id="course-grid-title" className="sr-only">
          {view === 'deleted' ? 'Deleted courses' : 'Courses'}
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SegmentedToggle
            label="Which courses"
            options={(['live', 'deleted'] as const).map((option) => ({
              value: option,
              label: `${option === 'live' ? 'Courses' : 'Deleted courses'}${counts ? ` (${option === 'live' ? counts.live : counts.deleted})` : ''}`,
            }))}
            value={view}
            onChange={showView}
          />
          <div className="grid w-full max-w-md gap-1.5">
            <Label htmlFor="admin-courses-search">Search by title or description</Label>
            <input
              id="admin-courses-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              maxLength={searchMaxLength}
              className={cn(controlClasses, 'h-10')}
            />
          </div>
        </div>

        {courses.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading courses…
          </p>
        ) : null}
        {courses.isError ? <p role="alert">{messageOf(courses.error, courseMessages.loadFailed)}</p> : null}
        {list && list.courses.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {view === 'deleted' ? 'No deleted courses' : courseMessages.adminEmpty}
          </p>
        ) : null}
        {list && list.courses.length > 0 ? (
          <div className="grid gap-3">
            <ListCount shown={list.courses.length} total={list.total} noun={['course', 'courses']} />
            {view === 'deleted' ? <DeletedBatches courses={list.courses} /> : null}
            <ul
              className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
              aria-label={view === 'deleted' ? 'Deleted courses' : 'Courses'}
            >
              {list.courses.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} onDelete={() => setDeleting(course)} />
                </li>
              ))}
            </ul>
            <LoadMoreButton list={courses} />
          </div>
        ) : null}
      </section>

      <AdminCourseFormDialog open={adding} onOpenChange={setAdding} />
      <DeleteCourseDialog course={deleting} onClose={() => setDeleting(null)} />
      <DeleteAllDialog
        open={deletingAll}
        count={counts?.live ?? 0}
        onClose={() => setDeletingAll(false)}
        onDeleted={() => showView('deleted')}
      />
    </div>
  )
}

function CourseCard({ course, onDelete }: { course: AdminCourse; onDelete: () => void }) {
  const restore = useRestoreCourse()
  const [unviewable, setUnviewable] = useState(false)
  const titleId = `admin-course-${course.id}`
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm"
      data-testid="admin-course-card"
    >
      {course.imageUrl && !unviewable ? (
        <img
          src={course.imageUrl}
          alt=""
          loading="lazy"
          onError={() => setUnviewable(true)}
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-muted text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-6" />
          <span className="sr-only">{unviewable ? courseMessages.imagePreviewFailed : 'No image'}</span>
        </div>
      )}
      <div className="grid flex-1 content-start gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="font-semibold tracking-tight">
            {course.title}
          </h3>
          <StatusBadge live={course.isPublished}>{course.isPublished ? 'Published' : 'Draft'}</StatusBadge>
        </div>
        <p className="text-sm text-muted-foreground">
          {[
            course.category?.name ?? 'No category',
            course.level,
            `${course.durationHours} h`,
            course.priceCents === 0 ? 'Free' : formatCents(course.priceCents),
          ].join(' · ')}
        </p>
        <p className="line-clamp-2 text-sm">{course.description}</p>
        {course.deletedAt ? (
          <p className="text-xs text-muted-foreground">Deleted {formatDeletedAt(course.deletedAt)}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 border-t border-border p-3">
        {course.deletedAt ? (
          <Button size="sm" variant="outline" disabled={restore.isPending} onClick={() => restore.mutate(course.id)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore<span className="sr-only"> {course.title}</span>
          </Button>
        ) : (
          <>
            <Link to={pathTo('adminCourseEdit', { courseId: course.id })} className={buttonClasses('outline', 'sm')}>
              Edit Content<span className="sr-only"> of {course.title}</span>
            </Link>
            <Link to={pathTo('adminCourseModules', { courseId: course.id })} className={buttonClasses('outline', 'sm')}>
              Manage Modules<span className="sr-only"> of {course.title}</span>
            </Link>
            <Button size="sm" variant="destructive" onClick={onDelete}>
              Delete<span className="sr-only"> {course.title}</span>
            </Button>
          </>
        )}
      </div>
    </article>
  )
}

/** Courses deleted together (by 'Delete All Courses') come back together. */
function DeletedBatches({ courses }: { courses: AdminCourse[] }) {
  const restoreBatch = useRestoreBatch()
  const counts = new Map<string, number>()
  for (const course of courses) {
    if (course.deletedAt) counts.set(course.deletedAt, (counts.get(course.deletedAt) ?? 0) + 1)
  }
  const batches = [...counts].filter(([, count]) => count > 1)
  if (batches.length === 0) return null
  return (
    <ul className="grid gap-2">
      {batches.map(([deletedAt, count]) => (
        <li
          key={deletedAt}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-3 text-sm"
        >
          <span>
            {count} courses deleted together on {formatDeletedAt(deletedAt)}
          </span>
          <Button size="sm" disabled={restoreBatch.isPending} onClick={() => restoreBatch.mutate(deletedAt)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore all {count} courses
          </Button>
        </li>
      ))}
    </ul>
  )
}

function DeleteCourseDialog({ course, onClose }: { course: AdminCourse | null; onClose: () => void }) {
  const remove = useDeleteCourse()
  if (!course) return null
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title="Delete course"
      description={courseMessages.confirmDelete}
      confirm={{
        label: 'Delete',
        disabled: remove.isPending,
        onConfirm: () => remove.mutate(course.id, { onSettled: onClose }),
      }}
    >
      <p className="text-sm">
        <span className="font-medium">{course.title}</span> leaves every list; you can restore it from &lsquo;Deleted
        courses&rsquo;.
      </p>
    </ConfirmDialog>
  )
}

function DeleteAllDialog({
  open,
  count,
  onClose,
  onDeleted,
}: {
  open: boolean
  count: number
  onClose: () => void
  onDeleted: () => void
}) {
  const deleteAll = useDeleteAllCourses()
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Delete All Courses"
      description={courseMessages.confirmDeleteAllCount(count)}
      confirm={{
        label: `Delete all ${count} ${count === 1 ? 'course' : 'courses'}`,
        disabled: deleteAll.isPending || count === 0,
        onConfirm: () => deleteAll.mutate(undefined, { onSuccess: onDeleted, onSettled: onClose }),
      }}
    />
  )
}
