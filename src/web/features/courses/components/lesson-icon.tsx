import { ClipboardList, FileText, ListChecks, PlayCircle, type LucideIcon } from 'lucide-react'
import type { LessonType } from '#shared/courses/constants.ts'

export const lessonIcons: Record<LessonType, LucideIcon> = {
  video: PlayCircle,
  reading: FileText,
  quiz: ListChecks,
  assignment: ClipboardList,
}
