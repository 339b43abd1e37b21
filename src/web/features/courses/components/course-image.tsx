import { GraduationCap } from 'lucide-react'
import { FallbackImage } from '#web/components/fallback-image.tsx'

/**
 * A course's image, or a plain tile with a cap when it has none or it fails to
 * load. Decorative: the title is always written next to it.
 */
export function CourseImage(props: {
  imageUrl: string | null
  className?: string
  /** the course page's header image loads at once; cards load theirs near the viewport */
  eager?: boolean
}) {
  return (
    <FallbackImage
      {...props}
      fallback={
        <div
          aria-hidden="true"
          data-testid="course-image-fallback"
          className="grid size-full place-items-center bg-gradient-to-br from-muted to-primary/20"
        >
          <GraduationCap className="size-1/2 max-h-10 max-w-10 text-muted-foreground" />
        </div>
      }
    />
  )
}
