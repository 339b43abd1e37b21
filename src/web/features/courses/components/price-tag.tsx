import type { CoursePrice } from '#shared/courses/schemas.ts'
import { priceDisplay, saleEndLabel } from '#web/features/courses/api/price.ts'
import { cn } from '#web/lib/cn.ts'

/** The marketplace price (spec 001 §2): Free, the price, or the sale price beside the original struck through. */
export function PriceTag({ price, className }: { price: CoursePrice; className?: string }) {
  const shown = priceDisplay(price)
  if (shown.kind === 'free') {
    return (
      <p data-testid="course-price" className={cn('text-lg font-semibold', className)}>
        Free
      </p>
    )
  }
  if (shown.kind === 'regular') {
    return (
      <p data-testid="course-price" className={cn('text-lg font-semibold', className)}>
        {shown.price}
      </p>
    )
  }
  return (
    <div data-testid="course-price" className={cn('grid gap-0.5', className)}>
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="sr-only">Sale price </span>
        <span className="text-lg font-semibold text-accent">{shown.price}</span>
        <span className="sr-only">, was </span>
        <s className="text-sm text-muted-foreground">{shown.original}</s>
      </p>
      {shown.endsAt ? <p className="text-xs text-muted-foreground">{saleEndLabel(shown.endsAt)}</p> : null}
    </div>
  )
}
