import { SaveToggleButton, type SaveToggleButtonProps } from '#web/components/saved-item-buttons.tsx'
import { useToggleSavedJob } from '#web/features/jobs/api/jobs.ts'

/** Saves a job or removes it from the saved items (spec 001 §2). */
export function SaveJobButton({ jobId, ...button }: SaveToggleButtonProps & { jobId: string }) {
  const toggle = useToggleSavedJob()
  return (
    <SaveToggleButton
      {...button}
      testId="save-job"
      pending={toggle.isPending}
      onToggle={(save) => toggle.mutate({ jobId, save })}
    />
  )
}
