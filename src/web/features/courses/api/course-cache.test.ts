import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { beforeEach, describe, expect, test } from 'vitest'
import type {
  CourseCard,
  CourseDetail,
  CoursePage,
  LessonView,
  ProgressAnswer,
  QuizAttemptAnswer,
  SavedCourse,
} from '#shared/courses/schemas.ts'
import {
  applyProgress,
  applyQuizAttempt,
  updateSavedCourse,
  wasLessonCompleted,
  type StartedCourse,
} from './course-cache.ts'
import { courseKeys } from './keys.ts'

// What the member sees right after saving a course or finishing a lesson, before
// any reload (spec 001 §2; issue 15: the progress is the server's answer).

const card = (id: string, changes: Partial<CourseCard> = {}): CourseCard => ({
  id,
  title: `Course ${id}`,
  description: 'A course.',
  imageUrl: null,
  provider: 'Example Academy',
  level: 'Beginner',
  durationHours: 4,
  skills: [],
  category: null,
  salaryRange: '',
  hasCertification: false,
  isFeatured: false,
  price: { priceCents: 0, salePriceCents: null, saleEndsAt: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  saved: false,
  ...changes,
})

const lesson = (id: string, type: LessonView['type'] = 'reading'): LessonView => ({
  id,
  title: `Lesson ${id}`,
  type,
  durationMinutes: 10,
  position: 1,
  contentHtml: '<p>Read me</p>',
  videoUrl: null,
  quiz:
    type === 'quiz'
      ? {
          passMark: 70,
          questions: [{ id: 'q1', prompt: 'Why?', choices: ['A', 'B'] }],
          attempts: 1,
          bestScore: 40,
          passed: false,
        }
      : null,
  progress: { completed: false, completedAt: null, watchedFraction: 0 },
})

const detail = (id: string): CourseDetail => ({
  ...card(id),
  hasAffiliateLink: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
  modules: [
    {
      id: 'm1',
      title: 'Basics',
      description: '',
      durationMinutes: 20,
      position: 1,
      lessons: [lesson('l1'), lesson('l2', 'quiz')],
      progress: { completedLessons: 0, totalLessons: 2, percent: 0 },
    },
    {
      id: 'm2',
      title: 'More',
      description: '',
      durationMinutes: 10,
      position: 2,
      lessons: [lesson('l3')],
      progress: { completedLessons: 0, totalLessons: 1, percent: 0 },
    },
  ],
  progress: { completedLessons: 0, totalLessons: 3, percent: 0, completedAt: null },
})

const saved = (courseId: string): SavedCourse => ({
  courseId,
  savedAt: '2026-01-02T00:00:00.000Z',
  notes: null,
  course: {
    id: courseId,
    title: `Course ${courseId}`,
    imageUrl: null,
    provider: 'Example Academy',
    level: 'Beginner',
    durationHours: 4,
    price: { priceCents: 0, salePriceCents: null, saleEndsAt: null },
  },
  progress: { completedLessons: 0, totalLessons: 3, percent: 0, completedAt: null },
})

const completedFirst: ProgressAnswer = {
  lessonId: 'l1',
  lesson: { completed: true, completedAt: '2026-01-03T00:00:00.000Z', watchedFraction: 0 },
  module: { id: 'm1', completedLessons: 1, totalLessons: 2, percent: 50 },
  course: { id: 'c', completedLessons: 1, totalLessons: 3, percent: 33, completedAt: null },
}

type List = InfiniteData<CoursePage, string>
const listOf = (...pages: CourseCard[][]): List => ({
  pages: pages.map((courses, index) => ({ courses, nextCursor: index < pages.length - 1 ? `p${index + 1}` : null })),
  pageParams: pages.map((_, index) => (index ? `p${index}` : '')),
})

describe('saving a course shows at once', () => {
  let queryClient: QueryClient
  const browse = courseKeys.list('browse', {})
  const market = courseKeys.list('marketplace', { level: 'Beginner' })
  const cardIn = (key: readonly unknown[], id: string) =>
    queryClient
      .getQueryData<List>(key)
      ?.pages.flatMap((page) => page.courses)
      .find((course) => course.id === id)

  beforeEach(() => {
    queryClient = new QueryClient()
    queryClient.setQueryData<List>(browse, listOf([card('a'), card('b')], [card('c')]))
    queryClient.setQueryData<List>(market, listOf([card('c')]))
    queryClient.setQueryData<CourseDetail>(courseKeys.detail('c'), detail('c'))
    queryClient.setQueryData<SavedCourse[]>(courseKeys.saved, [saved('b'), saved('c')])
  })

  test('a course I save shows as saved in both lists and on its page, and no other course changes', () => {
    updateSavedCourse(queryClient, 'c', true)
    expect(cardIn(browse, 'c')?.saved).toBe(true)
    expect(cardIn(market, 'c')?.saved).toBe(true)
    expect(queryClient.getQueryData<CourseDetail>(courseKeys.detail('c'))?.saved).toBe(true)
    expect(cardIn(browse, 'a')?.saved).toBe(false)
  })

  test('a course I remove leaves my saved items straight away', () => {
    updateSavedCourse(queryClient, 'b', false)
    expect(queryClient.getQueryData<SavedCourse[]>(courseKeys.saved)?.map((item) => item.courseId)).toEqual(['c'])
  })

  test('a course whose page I never opened gets no half-filled page in the cache', () => {
    updateSavedCourse(queryClient, 'a', true)
    expect(queryClient.getQueryData(courseKeys.detail('a'))).toBeUndefined()
  })
})

describe('progress shows where I look, as the server counted it', () => {
  let queryClient: QueryClient
  const page = () => queryClient.getQueryData<CourseDetail>(courseKeys.detail('c'))!

  beforeEach(() => {
    queryClient = new QueryClient()
    queryClient.setQueryData<CourseDetail>(courseKeys.detail('c'), detail('c'))
    queryClient.setQueryData<SavedCourse[]>(courseKeys.saved, [saved('c'), saved('other')])
    queryClient.setQueryData<StartedCourse[]>(courseKeys.started, [
      { courseId: 'other', progress: { completedLessons: 1, totalLessons: 2, percent: 50, completedAt: null } },
    ])
  })

  test('a completed lesson shows complete, with its module and course bars moved on', () => {
    applyProgress(queryClient, completedFirst)
    expect(page().modules[0]!.lessons[0]!.progress.completed).toBe(true)
    expect(page().modules[0]!.progress).toEqual({ completedLessons: 1, totalLessons: 2, percent: 50 })
    expect(page().modules[1]!.progress.percent).toBe(0)
    expect(page().progress).toEqual({ completedLessons: 1, totalLessons: 3, percent: 33, completedAt: null })
    // the other lessons are untouched
    expect(page().modules[0]!.lessons[1]!.progress.completed).toBe(false)
  })

  test('a lesson completed for the first time is told apart from one completed before (one toast, not one per report)', () => {
    expect(wasLessonCompleted(queryClient, completedFirst)).toBe(false)
    applyProgress(queryClient, completedFirst)
    expect(wasLessonCompleted(queryClient, completedFirst)).toBe(true)
  })

  test('the course cards and my saved items show the new percentage too', () => {
    applyProgress(queryClient, completedFirst)
    const started = queryClient.getQueryData<StartedCourse[]>(courseKeys.started)!
    expect(started.find((item) => item.courseId === 'c')?.progress.percent).toBe(33)
    expect(started.find((item) => item.courseId === 'other')?.progress.percent).toBe(50)
    const savedItems = queryClient.getQueryData<SavedCourse[]>(courseKeys.saved)!
    expect(savedItems.map((item) => item.progress.percent)).toEqual([33, 0])
  })

  test('a passed quiz completes its lesson and records the attempt and the best score', () => {
    const attempt: QuizAttemptAnswer = {
      ...completedFirst,
      lessonId: 'l2',
      module: { id: 'm1', completedLessons: 1, totalLessons: 2, percent: 50 },
      attemptId: 'a2',
      score: 100,
      passed: true,
      passMark: 70,
      correctCount: 1,
      questionCount: 1,
      attempts: 2,
    }
    applyQuizAttempt(queryClient, attempt)
    const quizLesson = page().modules[0]!.lessons[1]!
    expect(quizLesson.progress.completed).toBe(true)
    expect(quizLesson.quiz).toMatchObject({ attempts: 2, bestScore: 100, passed: true })
  })

  test('a failed attempt after a pass keeps the quiz passed and the best score', () => {
    const pass: QuizAttemptAnswer = {
      ...completedFirst,
      lessonId: 'l2',
      attemptId: 'a2',
      score: 100,
      passed: true,
      passMark: 70,
      correctCount: 1,
      questionCount: 1,
      attempts: 2,
    }
    applyQuizAttempt(queryClient, pass)
    applyQuizAttempt(queryClient, { ...pass, attemptId: 'a3', score: 0, passed: false, attempts: 3 })
    expect(page().modules[0]!.lessons[1]!.quiz).toMatchObject({ attempts: 3, bestScore: 100, passed: true })
  })
})
