import { useState } from 'react'
import { cn } from '#web/lib/cn.ts'

function initialsOf(company: string): string {
  const words = company.trim().split(/\s+/).filter(Boolean)
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('') || '?'
  )
}

const sizes = { sm: 'size-10 text-sm', md: 'size-12 text-base', lg: 'size-16 text-xl' } as const

/** The company's logo, or its initials when it has none (or it fails to load). Decorative: the name is always written next to it. */
export function CompanyLogo({
  company,
  logoUrl,
  size = 'md',
  className,
}: {
  company: string
  logoUrl: string | null
  size?: keyof typeof sizes
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  const box = cn(
    'grid shrink-0 place-items-center overflow-hidden rounded-lg border border-border bg-muted font-semibold text-muted-foreground',
    sizes[size],
    className,
  )
  if (logoUrl && !failed) {
    return (
      <span className={cn(box, 'bg-white')}>
        <img
          src={logoUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-contain"
          onError={() => setFailed(true)}
        />
      </span>
    )
  }
  return (
    <span aria-hidden="true" className={box}>
      {initialsOf(company)}
    </span>
  )
}
