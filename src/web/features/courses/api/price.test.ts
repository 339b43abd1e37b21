import { describe, expect, test } from 'vitest'
import { formatCents, priceDisplay, saleEndLabel, saleRuns } from './price.ts'

// A marketplace card's price (spec 001 §2 'cards show price and sale price'; issue
// 15: the sale shows only while it lasts, the original struck through, free says Free).

const now = new Date('2026-12-01T12:00:00Z')
const inOneDay = '2026-12-02T12:00:00.000Z'
const oneHourAgo = '2026-12-01T11:00:00.000Z'

describe('course prices', () => {
  test('a free course says Free', () => {
    expect(priceDisplay({ priceCents: 0, salePriceCents: null, saleEndsAt: null }, now)).toEqual({ kind: 'free' })
  })

  test('a priced course shows its price in dollars, cents only when there are some', () => {
    expect(priceDisplay({ priceCents: 4900, salePriceCents: null, saleEndsAt: null }, now)).toEqual({
      kind: 'regular',
      price: '$49',
    })
    expect(formatCents(4999)).toBe('$49.99')
    expect(formatCents(120_000)).toBe('$1,200')
  })

  test('a running sale shows the sale price and the original to strike through, with its end', () => {
    expect(priceDisplay({ priceCents: 9900, salePriceCents: 4950, saleEndsAt: inOneDay }, now)).toEqual({
      kind: 'sale',
      price: '$49.50',
      original: '$99',
      endsAt: inOneDay,
    })
    expect(saleEndLabel(inOneDay)).toMatch(/^Sale ends Dec [23]$/)
  })

  test('a sale without an end runs until it is cleared', () => {
    expect(saleRuns({ priceCents: 9900, salePriceCents: 1900, saleEndsAt: null }, now)).toBe(true)
  })

  test('a sale that ended while the page was open shows the regular price again', () => {
    const price = { priceCents: 9900, salePriceCents: 4900, saleEndsAt: oneHourAgo }
    expect(saleRuns(price, now)).toBe(false)
    expect(priceDisplay(price, now)).toEqual({ kind: 'regular', price: '$99' })
  })

  test('a sale down to nothing says Free beside the struck-through price', () => {
    expect(priceDisplay({ priceCents: 2500, salePriceCents: 0, saleEndsAt: inOneDay }, now)).toMatchObject({
      kind: 'sale',
      price: 'Free',
      original: '$25',
    })
  })
})
