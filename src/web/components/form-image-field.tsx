import { useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { Label } from '#web/components/ui/label.tsx'
import type { ImageUpload } from '#web/lib/use-image-upload.ts'

/**
 * An admin form's image field (spec 002 §5 Image upload), around lib/use-image-upload.ts:
 * its label, the new file's preview (else the saved image), the file input, 'Remove
 * image', the hint, and why the file or the form's key was refused. The hint and the
 * error are `${id}-hint` and `${id}-error`.
 */
export function FormImageField({
  id,
  label,
  noun,
  image,
  currentUrl,
  hint,
  error,
  listedErrorId,
  onRemove,
  unviewable,
}: {
  /** the file input's id */
  id: string
  label: string
  /** what the image is of, in the preview's name: 'New post image', 'Current post image' */
  noun: string
  image: ImageUpload
  /** the saved image's address, shown until a new file is chosen */
  currentUrl: string | null
  hint: string
  /** the form's own message for the image's key, under the field */
  error?: string
  /** the form lists the key's message elsewhere (the course form's summary): that list's id */
  listedErrorId?: string
  /** given when there is an image to remove */
  onRemove?: () => void
  /** said in the preview's place when the browser cannot draw the file (a format the server takes) */
  unviewable?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const shown = image.preview ?? currentUrl
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const ownError = image.error ?? error
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {shown && unviewable && shown === failed ? (
          <p className="flex h-16 w-28 items-center justify-center rounded-lg border border-border p-1 text-center text-xs text-muted-foreground">
            {unviewable}
          </p>
        ) : shown ? (
          <img
            src={shown}
            alt={image.preview ? `New ${noun} image` : `Current ${noun} image`}
            onError={unviewable ? () => setFailed(shown) : undefined}
            className="h-16 w-28 rounded-lg border border-border object-cover"
          />
        ) : null}
        <input
          id={id}
          type="file"
          accept="image/*"
          onChange={image.onChange}
          disabled={image.uploading}
          aria-invalid={ownError || listedErrorId ? true : undefined}
          aria-describedby={ownError ? errorId : (listedErrorId ?? hintId)}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        {onRemove && !image.uploading ? (
          <Button variant="destructive" size="sm" onClick={onRemove}>
            Remove image
          </Button>
        ) : null}
        {image.uploading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Uploading…
          </p>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={errorId}>{ownError}</FieldError>
    </div>
  )
}
