import type { CoursePrice } from '#shared/courses/schemas.ts'

// What a marketplace card says of a course's price (spec 001 §2, §3; decision 024).
// The server sends a sale only while it runs; a page left open past the sale's end
// stops showing it too.

export type PriceDisplay =
  | { kind: 'free' }
  | { kind: 'regular'; price: string }
  | { kind: 'sale'; price: string; original: string; endsAt: string | null }

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/** Cents as dollars: '$49' for whole dollars, '$49.99' otherwise. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100)
}

/** Whether the sale in `price` still runs at `now` (a sale without an end runs until the admin clears it). */
export function saleRuns(price: CoursePrice, now: Date = new Date()): boolean {
  if (price.salePriceCents === null) return false
  return price.saleEndsAt === null || Date.parse(price.saleEndsAt) > now.getTime()
}

/** The price to show: Free, the price, or the sale price with the original to strike through. */
export function priceDisplay(price: CoursePrice, now: Date = new Date()): PriceDisplay {
  if (saleRuns(price, now) && price.salePriceCents !== null && price.salePriceCents < price.priceCents) {
    return {
      kind: 'sale',
      price: price.salePriceCents === 0 ? 'Free' : formatCents(price.salePriceCents),
      original: formatCents(price.priceCents),
      endsAt: price.saleEndsAt,
    }
  }
  if (price.priceCents === 0) return { kind: 'free' }
  return { kind: 'regular', price: formatCents(price.priceCents) }
}

const saleEndFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })

/** 'Sale ends Dec 3' for a sale with an end. */
export function saleEndLabel(endsAt: string): string {
  return `Sale ends ${saleEndFormat.format(new Date(endsAt))}`
}
