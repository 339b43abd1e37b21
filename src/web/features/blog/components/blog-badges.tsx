import type { BlogCategory } from '#shared/blog/constants.ts'

const badgeClasses = 'inline-flex w-fit rounded-full border px-2.5 py-0.5 text-xs font-medium'

/** A post's category (spec 002 §3: four of them). */
export function CategoryBadge({ category }: { category: BlogCategory }) {
  return <span className={`${badgeClasses} border-border bg-muted`}>{category}</span>
}

/** An item of the newsletter feed, not a post of ours (issue 18). */
export function NewsletterBadge() {
  return <span className={`${badgeClasses} border-primary/60 bg-primary/10 text-foreground`}>Newsletter</span>
}
