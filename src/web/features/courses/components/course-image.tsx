import { useState } from 'react'
import { GraduationCap } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'

/**
 * A course's image, or a plain tile with a cap when it has none or it fails to
 * load. Decorative: the title is always written next to it.
 */
export function CourseImage({
  imageUrl,
  className,
  eager = false,
}: {
  imageUrl: string | null
  className?: string
  /** the course page's header image loads at once; cards load theirs near the viewport */
  eager?: boolean
}) {
  const [failed, setFailed] = useState(false)
  const box = cn('overflow-hidden bg-muted', className)
  if (imageUrl && !failed) {
    return (
      <div className={box}>
        <img
          src={imageUrl}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      </div>
    )
  }
  return (
    <div
      aria-hidden="true"
      data-testid="course-image-fallback"
      className={cn(box, 'grid place-items-center bg-gradient-to-br from-muted to-primary/20')}
    >
      <GraduationCap className="size-1/2 max-h-10 max-w-10 text-muted-foreground" />
    </div>
  )
}
