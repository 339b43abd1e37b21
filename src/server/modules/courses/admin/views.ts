import { courseImageUrl } from '#server/modules/courses/views.ts'
import type { CourseLevel } from '#shared/courses/constants.ts'
import type { AdminCategory, AdminCourse } from '#shared/courses/schemas.ts'
import type { AdminCourseRow, CourseRow } from './queries.ts'

// Rows as the admin API answers them (issue 15). Unlike the members' views, these
// carry drafts, deleted courses, the affiliate address, the click count and the
// storage keys the forms send back.

export function toAdminCourse(row: AdminCourseRow): AdminCourse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: courseImageUrl(row),
    imageKey: row.imageKey,
    provider: row.provider,
    level: row.level as CourseLevel,
    durationHours: Number(row.durationHours),
    skills: row.skills,
    categoryId: row.categoryId,
    category: row.categoryId && row.categoryName ? { id: row.categoryId, name: row.categoryName } : null,
    salaryRange: row.salaryRange,
    hasCertification: row.hasCertification,
    isFeatured: row.isFeatured,
    isPublished: row.isPublished,
    affiliateUrl: row.affiliateUrl,
    priceCents: row.priceCents,
    salePriceCents: row.salePriceCents,
    saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
    enrolClicks: row.enrolClicks,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toAdminCategory(row: {
  id: string
  name: string
  description: string
  updatedAt: Date
  courseCount: number
  deletedCourseCount: number
}): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    updatedAt: row.updatedAt.toISOString(),
    courseCount: row.courseCount,
    deletedCourseCount: row.deletedCourseCount,
  }
}

/**
 * What the audit log keeps of a course (docs/decisions/023): the course form's
 * fields. The image is named by its storage key under `image` (a field named like
 * a key would be dropped as a secret), the category by its id.
 */
export function auditedCourse(row: CourseRow) {
  return {
    title: row.title,
    description: row.description,
    category: row.categoryId,
    image: row.imageKey,
    durationHours: Number(row.durationHours),
    level: row.level,
    skills: row.skills,
    provider: row.provider,
    salaryRange: row.salaryRange,
    hasCertification: row.hasCertification,
    isPublished: row.isPublished,
    isFeatured: row.isFeatured,
    affiliateUrl: row.affiliateUrl,
    priceCents: row.priceCents,
    salePriceCents: row.salePriceCents,
    saleEndsAt: row.saleEndsAt,
  }
}
