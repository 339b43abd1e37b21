import { chartPoints, linePath } from '#web/features/resumes/components/history-chart-points.ts'

const box = { width: 240, height: 64, padding: 6 }

/**
 * The totals of every scoring iteration, oldest first, as a small line chart (spec
 * 001 §2: history). Inline SVG: one line and a dot per score, read out as a list.
 */
export function HistoryChart({ totals }: { totals: number[] }) {
  if (totals.length === 0) return null
  const points = chartPoints(totals, box)
  return (
    <svg
      role="img"
      aria-label={`Score history, oldest first: ${totals.join(', ')}`}
      viewBox={`0 0 ${box.width} ${box.height}`}
      className="h-auto w-full max-w-xs overflow-visible"
      data-testid="score-history"
    >
      {/* the 40 and 70 band edges (spec 001 §9) */}
      {[40, 70].map((edge) => {
        const y = chartPoints([edge], box)[0]!.y
        return (
          <line
            key={edge}
            x1={box.padding}
            x2={box.width - box.padding}
            y1={y}
            y2={y}
            className="stroke-border"
            strokeDasharray="3 3"
            vectorEffect="non-scaling-stroke"
          />
        )
      })}
      <path
        d={linePath(points)}
        fill="none"
        className="stroke-primary"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
      {points.map((point, index) => (
        <circle key={index} cx={point.x} cy={point.y} r={3} className="fill-primary" />
      ))}
    </svg>
  )
}
