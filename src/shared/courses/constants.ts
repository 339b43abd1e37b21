// The courses area's option lists and limits (issue 15; spec 001 §9, spec 002 §3, §9).

// spec 001 §9, spec 002 §3: three levels, Beginner by default
export const courseLevels = ['Beginner', 'Intermediate', 'Advanced'] as const
export type CourseLevel = (typeof courseLevels)[number]
export const defaultCourseLevel: CourseLevel = 'Beginner'

/**
 * A duration filter in hours. A course of `h` hours is in the range when
 * `h > min` (`h >= 0` for the first range) and `h <= max` (no upper bound for the
 * last): '0-2' holds a 2-hour course and '2-5' a 2.5-hour one, so every course is
 * in exactly one range of each list.
 */
export type DurationRange = { id: string; label: string; min: number; max: number | null }

// spec 001 §9: the browse page's ranges
export const browseDurationRanges = [
  { id: '0-2', label: '0-2 hours', min: 0, max: 2 },
  { id: '2-5', label: '2-5 hours', min: 2, max: 5 },
  { id: '5-10', label: '5-10 hours', min: 5, max: 10 },
  { id: '10+', label: '10+ hours', min: 10, max: null },
] as const satisfies readonly DurationRange[]
export const browseDurationIds = ['0-2', '2-5', '5-10', '10+'] as const
export type BrowseDuration = (typeof browseDurationIds)[number]

// spec 001 §9: the marketplace's ranges
export const marketplaceDurationRanges = [
  { id: '0-20', label: '0-20 hours', min: 0, max: 20 },
  { id: '20-40', label: '20-40 hours', min: 20, max: 40 },
  { id: '40+', label: '40+ hours', min: 40, max: null },
] as const satisfies readonly DurationRange[]
export const marketplaceDurationIds = ['0-20', '20-40', '40+'] as const
export type MarketplaceDuration = (typeof marketplaceDurationIds)[number]

export function durationRangeOf(id: string): DurationRange | undefined {
  return [...browseDurationRanges, ...marketplaceDurationRanges].find((range) => range.id === id)
}

/** Whether a course of `hours` is in `range` (the rule above; the server's SQL says the same). */
export function isInDurationRange(range: DurationRange, hours: number): boolean {
  const above = range.min === 0 ? hours >= 0 : hours > range.min
  return above && (range.max === null || hours <= range.max)
}

// spec 002 §3: lesson types, module and lesson statuses; spec 002 §9 defaults
export const lessonTypes = ['video', 'reading', 'quiz', 'assignment'] as const
export type LessonType = (typeof lessonTypes)[number]
export const defaultLessonType: LessonType = 'video'
export const lessonTypeLabels: Record<LessonType, string> = {
  video: 'Video',
  reading: 'Reading',
  quiz: 'Quiz',
  assignment: 'Assignment',
}
export const contentStatuses = ['draft', 'published'] as const
export type ContentStatus = (typeof contentStatuses)[number]
export const defaultContentStatus: ContentStatus = 'draft'
/** spec 002 §9: a new module's order */
export const defaultModulePosition = 1

/** Issue 15: a video of ours counts as complete once this share of it has been watched. */
export const videoCompleteFraction = 0.9
/** A quiz's pass mark, in per cent of right answers, unless the admin sets another. */
export const defaultPassMark = 70

/** Members' lists (browse, marketplace): courses per page, newest first. */
export const coursePageSize = 20
/** Admin's course grid: courses per page. */
export const adminCoursePageSize = 50
/** spec 000 §9: the latest courses of the community column and the landing teaser. */
export const latestCoursesCount = 3

// spec 002 §5, §9 Image upload: 5 MB
export const courseImageMaxBytes = 5 * 1024 * 1024
export const courseImageCacheSeconds = 3600
/** Lesson videos are private (members only): cached by the browser, never by a shared cache. */
export const lessonVideoCacheSeconds = 3600
/** A lesson video upload (spec 002 §7 'media' bucket; the spec gives no size). */
export const lessonVideoMaxBytes = 100 * 1024 * 1024

// field lengths (not in the spec: room for any real course, nothing unbounded)
export const courseTitleMaxLength = 200
export const courseDescriptionMaxLength = 5000
export const courseProviderMaxLength = 150
export const courseSalaryRangeMaxLength = 100
export const courseSkillsMax = 30
export const courseSkillMaxLength = 60
export const affiliateUrlMaxLength = 2000
export const courseMaxDurationHours = 10_000
export const courseMaxPriceCents = 100_000_000
export const categoryNameMaxLength = 100
export const categoryDescriptionMaxLength = 1000
export const moduleTitleMaxLength = 200
export const moduleDescriptionMaxLength = 2000
export const lessonTitleMaxLength = 200
export const lessonContentMaxLength = 100_000
export const lessonMaxDurationMinutes = 100_000
export const modulesPerCourseMax = 100
export const lessonsPerModuleMax = 100
export const quizQuestionsMax = 100
export const quizPromptMaxLength = 1000
export const quizChoicesMin = 2
export const quizChoicesMax = 10
export const quizChoiceMaxLength = 500
export const searchMaxLength = 200
