// The geometry of the Resume Strength card's small history chart (spec 001 §2):
// totals 0-100, oldest first, along the width; 100 at the top, 0 at the bottom.

export type ChartBox = { width: number; height: number; padding: number }
export type ChartPoint = { x: number; y: number }

const oneDecimal = (value: number) => Math.round(value * 10) / 10

export function chartPoints(totals: number[], { width, height, padding }: ChartBox): ChartPoint[] {
  const innerWidth = width - 2 * padding
  const innerHeight = height - 2 * padding
  return totals.map((total, index) => {
    const clamped = Math.min(100, Math.max(0, total))
    // a single score sits in the middle rather than on the left edge
    const x = totals.length === 1 ? width / 2 : padding + (index * innerWidth) / (totals.length - 1)
    return { x: oneDecimal(x), y: oneDecimal(padding + (1 - clamped / 100) * innerHeight) }
  })
}

/** The SVG path through the points ('M x y L x y …'); empty without points. */
export function linePath(points: ChartPoint[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x} ${point.y}`).join(' ')
}
