import { renderMarkdown } from '#server/platform/markdown.ts'
import type { CourseLevel } from '#shared/courses/constants.ts'
import type { CourseCard, CoursePrice, CourseProgress, LessonProgress, ProgressCount } from '#shared/courses/schemas.ts'
import type { CourseCardRow } from './queries.ts'

// Rows as the API answers them (issue 15). Storage keys never leave the server:
// images and videos are served through this area's routes, with its access check.

/** The course image's address; the query changes with every edit, so a replaced image is never served from a cache. */
export function courseImageUrl(row: { id: string; imageKey: string | null; updatedAt: Date }): string | null {
  return row.imageKey ? `/api/courses/${row.id}/image?v=${row.updatedAt.getTime()}` : null
}

/** A lesson video's address, versioned like the image (the lesson's version grows with each edit). */
export function lessonVideoUrl(lesson: { id: string; hasVideo: boolean; version: number }): string | null {
  return lesson.hasVideo ? `/api/courses/lessons/${lesson.id}/video?v=${lesson.version}` : null
}

/**
 * A lesson's text as members and the admin's preview read it: Markdown rendered
 * and sanitised here, never in the browser (ARCHITECTURE.md, rich text); a quiz
 * has none.
 */
export function lessonContentHtml(lesson: { type: string; content: string }): string {
  return lesson.type === 'quiz' ? '' : renderMarkdown(lesson.content)
}

/** Where the member stands in one lesson, from their progress row (none yet: nothing done). */
export function lessonProgressOf(
  row: { completedAt: Date | null; watchedFraction: number } | undefined,
): LessonProgress {
  return {
    completed: Boolean(row?.completedAt),
    completedAt: row?.completedAt?.toISOString() ?? null,
    watchedFraction: row?.watchedFraction ?? 0,
  }
}

/** Issue 15: a sale price shows only until sale_ends_at (a sale without an end runs until the admin clears it). */
export function priceOf(
  row: Pick<CourseCardRow, 'priceCents' | 'salePriceCents' | 'saleEndsAt'>,
  now = new Date(),
): CoursePrice {
  const onSale = row.salePriceCents !== null && (row.saleEndsAt === null || row.saleEndsAt > now)
  return {
    priceCents: row.priceCents,
    salePriceCents: onSale ? row.salePriceCents : null,
    saleEndsAt: onSale && row.saleEndsAt ? row.saleEndsAt.toISOString() : null,
  }
}

export function toCourseCard(row: CourseCardRow & { saved: boolean }, now = new Date()): CourseCard {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: courseImageUrl(row),
    provider: row.provider,
    level: row.level as CourseLevel,
    durationHours: Number(row.durationHours),
    skills: row.skills,
    category: row.categoryId && row.categoryName ? { id: row.categoryId, name: row.categoryName } : null,
    salaryRange: row.salaryRange,
    hasCertification: row.hasCertification,
    isFeatured: row.isFeatured,
    price: priceOf(row, now),
    createdAt: row.createdAt.toISOString(),
    saved: row.saved,
  }
}

/** Completed of total, in whole per cent (0 of 0 is 0 %). */
export function progressCount(completedLessons: number, totalLessons: number): ProgressCount {
  return {
    completedLessons,
    totalLessons,
    percent: totalLessons === 0 ? 0 : Math.floor((completedLessons / totalLessons) * 100),
  }
}

export function courseProgress(completedLessons: number, totalLessons: number, completedAt?: Date): CourseProgress {
  return { ...progressCount(completedLessons, totalLessons), completedAt: completedAt?.toISOString() ?? null }
}
