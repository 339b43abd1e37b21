import { useState } from 'react'
import { cn } from '#web/lib/cn.ts'

// Our own default avatar: initials on a colour chosen from the name, so the same
// person always looks the same (no third-party avatar service).

const palette = [
  'bg-sky-700',
  'bg-indigo-700',
  'bg-violet-700',
  'bg-emerald-700',
  'bg-rose-700',
  'bg-amber-700',
  'bg-teal-700',
  'bg-fuchsia-700',
]

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0], words[0]?.[1]]
  return letters.filter(Boolean).join('').toUpperCase() || '?'
}

function colourOf(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return palette[Math.abs(hash) % palette.length]!
}

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const

export function Avatar({
  name,
  url,
  size = 'md',
  className,
}: {
  name: string
  url?: string | null
  size?: keyof typeof sizes
  className?: string
}) {
  // a picture that cannot load (removed meanwhile) falls back to the initials, not a broken image
  const [failed, setFailed] = useState<string | null>(null)
  if (url && url !== failed) {
    return (
      <img
        src={url}
        alt=""
        onError={() => setFailed(url)}
        className={cn('shrink-0 rounded-full object-cover', sizes[size], className)}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-items-center rounded-full font-semibold text-white',
        sizes[size],
        colourOf(name),
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  )
}
