import { SaveToggleButton, type SaveToggleButtonProps } from '#web/components/saved-item-buttons.tsx'
import { useToggleSavedCourse } from '#web/features/courses/api/courses.ts'

/** Saves a course or removes it from the saved items (spec 001 §2). */
export function SaveCourseButton({ courseId, ...button }: SaveToggleButtonProps & { courseId: string }) {
  const toggle = useToggleSavedCourse()
  return (
    <SaveToggleButton
      {...button}
      testId="save-course"
      pending={toggle.isPending}
      onToggle={(save) => toggle.mutate({ courseId, save })}
    />
  )
}
