import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Award, Banknote, ExternalLink } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import type { CourseDetail, LessonView, ModuleView } from '#shared/courses/schemas.ts'
import { PageNotice } from '#web/components/page-notice.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { courseQuery, isCourseNotFound, useEnrol } from '#web/features/courses/api/courses.ts'
import type { CourseLinkState } from '#web/features/courses/components/course-card.tsx'
import { CourseFacts } from '#web/features/courses/components/course-facts.tsx'
import { CourseImage } from '#web/features/courses/components/course-image.tsx'
import { CourseSyllabus } from '#web/features/courses/components/course-syllabus.tsx'
import { LessonPanel } from '#web/features/courses/components/lesson-panel.tsx'
import { PriceTag } from '#web/features/courses/components/price-tag.tsx'
import { ProgressBar } from '#web/features/courses/components/progress-bar.tsx'
import { SaveCourseButton } from '#web/features/courses/components/save-course-button.tsx'

const completedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' })

/** Where the back link goes: the list (with its filters) the member came from, else Browse Courses. */
function useBackLink() {
  const state = useLocation().state as CourseLinkState | null
  return state?.back ?? { to: pathTo('coursesBrowse'), label: 'Back to Browse Courses' }
}

function NotFound() {
  return (
    <PageNotice title={courseMessages.notFound}>
      <p className="text-muted-foreground">This course may have been unpublished or removed.</p>
      <Link to={pathTo('coursesBrowse')} className={buttonClasses('primary')}>
        Browse All Courses
      </Link>
    </PageNotice>
  )
}

/** The open lesson (`?lesson=` in the address, so a reload keeps it), its module and the lesson after it. */
function findLesson(modules: ModuleView[], lessonId: string | null) {
  if (!lessonId) return undefined
  const all = modules.flatMap((module) => module.lessons.map((lesson) => ({ lesson, module })))
  const index = all.findIndex((entry) => entry.lesson.id === lessonId)
  if (index === -1) return undefined
  return { ...all[index]!, next: all[index + 1]?.lesson as LessonView | undefined }
}

function CourseView({ course }: { course: CourseDetail }) {
  const back = useBackLink()
  const [params] = useSearchParams()
  const enrol = useEnrol()
  const open = findLesson(course.modules, params.get('lesson'))
  const { progress } = course

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <PageTitle>{course.title}</PageTitle>
      <BackLink to={back.to}>{back.label}</BackLink>

      <header className="grid gap-6 overflow-hidden rounded-xl border border-border bg-card shadow-sm md:grid-cols-[20rem_minmax(0,1fr)]">
        <CourseImage imageUrl={course.imageUrl} eager className="aspect-[16/9] w-full md:aspect-auto md:h-full" />
        <div className="grid content-start gap-4 p-6 md:pl-0">
          <div className="grid gap-1">
            <h1 className="text-3xl font-semibold tracking-tight">{course.title}</h1>
            <p className="text-lg text-muted-foreground">{course.provider}</p>
          </div>
          <CourseFacts course={course} className="gap-x-5 gap-y-1.5" />
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            {course.salaryRange ? (
              <p className="inline-flex items-center gap-1.5 text-muted-foreground">
                <Banknote aria-hidden="true" className="size-4" />
                <span className="sr-only">Salary range: </span>
                {course.salaryRange}
              </p>
            ) : null}
            {course.hasCertification ? (
              <p className="inline-flex items-center gap-1.5 rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-medium">
                <Award aria-hidden="true" className="size-3.5 text-accent" />
                Certificate on completion
              </p>
            ) : null}
          </div>
          <PriceTag price={course.price} />
          <div className="flex flex-wrap items-center gap-2">
            {course.hasAffiliateLink ? (
              <Button data-testid="enrol" disabled={enrol.isPending} onClick={() => enrol.mutate(course.id)}>
                Enrol
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only"> (opens the provider's page in a new tab)</span>
              </Button>
            ) : null}
            <SaveCourseButton courseId={course.id} title={course.title} saved={course.saved} size="md" />
          </div>
          <div className="grid gap-1.5" data-testid="course-progress">
            <p className="text-sm font-medium">
              Your progress: {progress.completedLessons} of {progress.totalLessons}{' '}
              {progress.totalLessons === 1 ? 'lesson' : 'lessons'} complete
              {progress.completedAt ? (
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · Completed on{' '}
                  <time dateTime={progress.completedAt}>{completedFormat.format(new Date(progress.completedAt))}</time>
                </span>
              ) : null}
            </p>
            <ProgressBar label="Course progress" percent={progress.percent} />
          </div>
        </div>
      </header>

      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {open ? (
          <LessonPanel lesson={open.lesson} module={open.module} next={open.next} />
        ) : (
          <div className="grid content-start gap-8">
            <section aria-labelledby="about-course" className="grid gap-3">
              <h2 id="about-course" className="text-xl font-semibold tracking-tight">
                About this course
              </h2>
              <p className="whitespace-pre-line text-foreground/90">{course.description}</p>
            </section>
            {course.skills.length > 0 ? (
              <section aria-labelledby="course-skills" className="grid gap-3">
                <h2 id="course-skills" className="text-xl font-semibold tracking-tight">
                  Skills you will build
                </h2>
                <ul className="flex flex-wrap gap-1.5">
                  {course.skills.map((skill) => (
                    <li
                      key={skill}
                      className="rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-medium"
                    >
                      {skill}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        )}
        <nav
          aria-labelledby="course-content"
          className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm lg:sticky lg:top-20"
        >
          <h2 id="course-content" className="text-lg font-semibold tracking-tight">
            Course content
          </h2>
          <CourseSyllabus modules={course.modules} openLessonId={open?.lesson.id ?? null} />
        </nav>
      </div>
    </div>
  )
}

/**
 * /courses/{id} (spec 001 §2; issue 15): the course, its modules and lessons with
 * the member's progress (the server's, so it survives a reload), a lesson open in
 * the page; 'Course not found' for a course that is not there.
 */
export function CourseDetailPage() {
  const { courseId = '' } = useParams()
  const course = useQuery(courseQuery(courseId))

  if (course.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
        <PageTitle>Course</PageTitle>
        <p className="py-8 text-center text-muted-foreground">Loading course...</p>
      </div>
    )
  }
  if (course.data === undefined) {
    if (isCourseNotFound(course.error)) return <NotFound />
    return (
      <PageNotice title={courseMessages.loadCourseFailed}>
        <Button variant="outline" onClick={() => void course.refetch()}>
          Try again
        </Button>
      </PageNotice>
    )
  }
  return <CourseView course={course.data} />
}
