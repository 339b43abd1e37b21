import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2, Video } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { lessonTypeLabels, type ContentStatus } from '#shared/courses/constants.ts'
import { courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import type { AdminCourseDetail, AdminLesson, AdminModule } from '#shared/courses/schemas.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import {
  adminCourseQuery,
  useDeleteLesson,
  useDeleteModule,
  useReorderLessons,
  useReorderModules,
  useRestoreCourse,
} from '#web/features/courses/api/admin-courses.ts'
import { AdminLessonDialog } from '#web/features/courses/components/admin-lesson-dialog.tsx'
import { AdminModuleDialog } from '#web/features/courses/components/admin-module-dialog.tsx'
import { sortableRowClasses, useSortable } from '#web/features/courses/components/admin-sortable.tsx'
import { CourseMissing } from '#web/features/courses/pages/admin-course-edit-page.tsx'
import { cn } from '#web/lib/cn.ts'

type LessonDialogState = { moduleId: string; moduleTitle: string; lesson?: AdminLesson }
type Deleting = { kind: 'module'; module: AdminModule } | { kind: 'lesson'; module: AdminModule; lesson: AdminLesson }

function ContentStatusBadge({ status }: { status: ContentStatus }) {
  return (
    <StatusBadge live={status === 'published'} compact>
      {status === 'published' ? 'Published' : 'Draft'}
    </StatusBadge>
  )
}

function minutes(value: number) {
  return `${value} min`
}

/**
 * /admin/courses/{courseId}/modules (spec 002 §2 Module and lesson management; issue
 * 15): the modules with their lessons, add and edit dialogs for both, reorder by
 * drag or keyboard. Each add, edit or move is saved at once, one module or lesson at
 * a time, keeping ids (members' progress hangs on them) and growing versions.
 */
export function AdminCourseModulesPage() {
  const { courseId = '' } = useParams()
  const course = useQuery(adminCourseQuery(courseId))

  if (course.isPending)
    return (
      <div className="grid gap-4">
        <PageTitle>Course Modules</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Modules and lessons</h1>
        <p role="status" className="text-muted-foreground">
          Loading course…
        </p>
      </div>
    )
  if (course.isError) return <CourseMissing error={course.error} />
  return <ModulesEditor course={course.data} />
}

function ModulesEditor({ course }: { course: AdminCourseDetail }) {
  const reorderModules = useReorderModules(course.id)
  const restore = useRestoreCourse()
  const [announcement, setAnnouncement] = useState('')
  const [moduleDialog, setModuleDialog] = useState<{ module?: AdminModule } | null>(null)
  const [lessonDialog, setLessonDialog] = useState<LessonDialogState | null>(null)
  const [deleting, setDeleting] = useState<Deleting | null>(null)
  const sortable = useSortable(course.modules, { noun: 'module', onReorder: reorderModules, announce: setAnnouncement })
  const readOnly = course.deletedAt !== null

  return (
    <div className="grid gap-6">
      <BackLink to={pathTo('adminCourses')}>Back to courses</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>{`Modules of ${course.title}`}</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">Modules and lessons</h1>
          <p className="text-sm text-muted-foreground">
            {course.title} ({course.isPublished ? 'published' : 'draft'}). Members see only published modules and
            lessons. Drag a row by its handle, or use its move buttons.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={pathTo('adminCourseEdit', { courseId: course.id })} className={buttonClasses('outline')}>
            Edit course details
          </Link>
          {!readOnly ? (
            <Button onClick={() => setModuleDialog({})}>
              <Plus aria-hidden="true" className="size-4" />
              Add Module
            </Button>
          ) : null}
        </div>
      </div>

      <p aria-live="polite" className="sr-only" data-testid="reorder-announcement">
        {announcement}
      </p>

      {readOnly ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-4">
          <p className="text-sm">{courseMessages.deletedCourseReadOnly}.</p>
          <Button size="sm" disabled={restore.isPending} onClick={() => restore.mutate(course.id)}>
            Restore course
          </Button>
        </div>
      ) : null}

      {course.modules.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {moduleMessages.empty}
        </p>
      ) : (
        <ol className="grid gap-4" aria-label="Modules">
          {course.modules.map((module, index) => (
            <li
              key={module.id}
              {...sortable.rowProps(module.id)}
              data-testid="admin-module"
              className={cn(
                'grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm',
                sortableRowClasses(sortable.isDragging(module.id)),
              )}
            >
              <div className="flex items-start gap-2">
                {!readOnly ? sortable.handle(module.id) : null}
                <div className="grid min-w-0 flex-1 gap-1">
                  <h2 className="font-semibold tracking-tight">
                    <span className="text-muted-foreground">Module {index + 1}:</span> {module.title}
                  </h2>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <ContentStatusBadge status={module.status} />
                    <span>{minutes(module.durationMinutes)}</span>
                    <span>version {module.version}</span>
                    <span>{module.lessons.length === 1 ? '1 lesson' : `${module.lessons.length} lessons`}</span>
                  </p>
                  {module.description ? <p className="text-sm">{module.description}</p> : null}
                </div>
                {!readOnly ? (
                  <ItemActions
                    noun="module"
                    title={module.title}
                    moveButtons={sortable.moveButtons(module.id, module.title)}
                    onEdit={() => setModuleDialog({ module })}
                    onDelete={() => setDeleting({ kind: 'module', module })}
                  />
                ) : null}
              </div>
              <LessonList
                courseId={course.id}
                module={module}
                readOnly={readOnly}
                announce={setAnnouncement}
                onEdit={(lesson) => setLessonDialog({ moduleId: module.id, moduleTitle: module.title, lesson })}
                onDelete={(lesson) => setDeleting({ kind: 'lesson', module, lesson })}
              />
              {!readOnly ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  onClick={() => setLessonDialog({ moduleId: module.id, moduleTitle: module.title })}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  Add Lesson<span className="sr-only"> to {module.title}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      <AdminModuleDialog
        courseId={course.id}
        state={moduleDialog}
        moduleCount={course.modules.length}
        onClose={() => setModuleDialog(null)}
      />
      <AdminLessonDialog state={lessonDialog} onClose={() => setLessonDialog(null)} />
      <DeleteContentDialog courseId={course.id} deleting={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}

type ItemActionsProps = {
  noun: 'module' | 'lesson'
  title: string
  /** the row's move up and down buttons (admin-sortable.tsx) */
  moveButtons: ReactNode
  onEdit: () => void
  onDelete: () => void
}

/** A module's or lesson's own buttons: move, edit, delete, each naming the row. */
function ItemActions({ noun, title, moveButtons, onEdit, onDelete }: ItemActionsProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-0.5">
      {moveButtons}
      <IconActionButton label={`Edit ${noun} ${title}`} hint={`Edit ${noun}`} icon={Pencil} onClick={onEdit} />
      <IconActionButton
        label={`Delete ${noun} ${title}`}
        hint={`Delete ${noun}`}
        icon={Trash2}
        destructive
        onClick={onDelete}
      />
    </div>
  )
}

type LessonListProps = {
  courseId: string
  module: AdminModule
  readOnly: boolean
  announce: (message: string) => void
  onEdit: (lesson: AdminLesson) => void
  onDelete: (lesson: AdminLesson) => void
}

function LessonList({ courseId, module, readOnly, announce, onEdit, onDelete }: LessonListProps) {
  const reorder = useReorderLessons(courseId, module.id)
  const sortable = useSortable(module.lessons, { noun: 'lesson', onReorder: reorder, announce })
  if (module.lessons.length === 0) return <p className="text-sm text-muted-foreground">No lessons yet.</p>
  return (
    <ol className="grid gap-2" aria-label={`Lessons of ${module.title}`}>
      {module.lessons.map((lesson, index) => (
        <li
          key={lesson.id}
          {...sortable.rowProps(lesson.id)}
          data-testid="admin-lesson"
          className={cn(
            'flex items-center gap-2 rounded-lg border border-border bg-background px-3 py-2',
            sortableRowClasses(sortable.isDragging(lesson.id)),
          )}
        >
          {!readOnly ? sortable.handle(lesson.id) : null}
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="text-sm font-medium">
              <span className="text-muted-foreground">{index + 1}.</span> {lesson.title}
            </p>
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span>{lessonTypeLabels[lesson.type]}</span>
              <ContentStatusBadge status={lesson.status} />
              <span>{minutes(lesson.durationMinutes)}</span>
              <span>version {lesson.version}</span>
              {lesson.type === 'quiz' ? (
                <span>
                  {lesson.questions.length === 1 ? '1 question' : `${lesson.questions.length} questions`}, pass mark{' '}
                  {lesson.passMark}%
                </span>
              ) : null}
              {lesson.type === 'video' ? (
                <span className="inline-flex items-center gap-1">
                  <Video aria-hidden="true" className="size-3.5" />
                  {lesson.videoKey ? 'video uploaded' : 'no video yet'}
                </span>
              ) : null}
            </p>
          </div>
          {!readOnly ? (
            <ItemActions
              noun="lesson"
              title={lesson.title}
              moveButtons={sortable.moveButtons(lesson.id, lesson.title)}
              onEdit={() => onEdit(lesson)}
              onDelete={() => onDelete(lesson)}
            />
          ) : null}
        </li>
      ))}
    </ol>
  )
}

function lessonsOf(module: AdminModule) {
  const count = module.lessons.length
  return count === 0 ? '' : count === 1 ? ' and its lesson' : ` and its ${count} lessons`
}

function members(count: number) {
  return count === 1 ? '1 member has' : `${count} members have`
}

/** Deleting a module or lesson is for good, with members' progress in it: the dialog says how many. */
function DeleteContentDialog({
  courseId,
  deleting,
  onClose,
}: {
  courseId: string
  deleting: Deleting | null
  onClose: () => void
}) {
  const removeModule = useDeleteModule(courseId)
  const removeLesson = useDeleteLesson()
  if (!deleting) return null
  const progress =
    deleting.kind === 'lesson' ? deleting.lesson.membersWithProgress : deleting.module.membersWithProgress
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={deleting.kind === 'module' ? 'Delete module' : 'Delete lesson'}
      description={
        deleting.kind === 'module'
          ? `Delete the module ${deleting.module.title}${lessonsOf(deleting.module)}?`
          : `Delete the lesson ${deleting.lesson.title}?`
      }
      confirm={{
        label: 'Delete',
        disabled: removeModule.isPending || removeLesson.isPending,
        onConfirm: () =>
          deleting.kind === 'module'
            ? removeModule.mutate(deleting.module.id, { onSettled: onClose })
            : removeLesson.mutate(
                { moduleId: deleting.module.id, lessonId: deleting.lesson.id },
                { onSettled: onClose },
              ),
      }}
    >
      <p className="text-sm">
        {progress
          ? `${members(progress)} progress in it, which is deleted with it. To hide it and keep their progress, set it to draft instead.`
          : 'This cannot be undone.'}
      </p>
    </ConfirmDialog>
  )
}
