import type { UseMutationResult } from '@tanstack/react-query'
import { useState, type ChangeEvent } from 'react'
import { messageOf } from '#web/lib/api.ts'
import { usePreviewUrl } from '#web/lib/use-preview-url.ts'

export type ImageUploadMessages = { notImage: string; tooLarge: string; uploadFailed: string }

/** What useImageUpload gives its form (components/form-image-field.tsx draws it). */
export type ImageUpload = ReturnType<typeof useImageUpload>

/**
 * An admin form's image (spec 002 §5 Image upload): checked in the browser first
 * (an image, at most `maxBytes`; the server checks its bytes again), uploaded as
 * soon as it is chosen, shown from the local file until the form is saved. The
 * uploaded key goes to `onUploaded`, for the form to send with the record.
 */
export function useImageUpload({
  upload,
  maxBytes,
  messages,
  onUploaded,
}: {
  upload: UseMutationResult<{ imageKey: string }, Error, File>
  maxBytes: number
  messages: ImageUploadMessages
  onUploaded: (imageKey: string) => void
}) {
  const [image, setImage] = useState<File | null>(null)
  const [error, setError] = useState<string>()
  const preview = usePreviewUrl(image)

  const onChange = (change: ChangeEvent<HTMLInputElement>) => {
    const input = change.target
    const file = input.files?.[0] ?? null
    setError(undefined)
    if (!file) return
    const problem = !file.type.startsWith('image/')
      ? messages.notImage
      : file.size > maxBytes
        ? messages.tooLarge
        : undefined
    if (problem) {
      input.value = ''
      setError(problem)
      return
    }
    upload.mutate(file, {
      onSuccess: ({ imageKey }) => {
        setImage(file)
        onUploaded(imageKey)
      },
      onError: (failure) => {
        input.value = ''
        setError(messageOf(failure, messages.uploadFailed))
      },
    })
  }

  return {
    /** a local URL of the chosen file, until the form goes */
    preview,
    /** why the chosen file was refused */
    error,
    onChange,
    uploading: upload.isPending,
    /** forgets the chosen file (the form drops its key) */
    clear: () => setImage(null),
  }
}
