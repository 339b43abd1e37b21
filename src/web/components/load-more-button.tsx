import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'

/** The part of an infinite query (TanStack Query) that loads its next page. */
export type NextPageQuery = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** A list's 'Load more' button, a page at a time; nothing once the last page is in. */
export function LoadMoreButton({
  list,
  loadingLabel = 'Loading…',
  children = 'Load more',
}: {
  list: NextPageQuery
  loadingLabel?: string
  children?: ReactNode
}) {
  if (!list.hasNextPage) return null
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? loadingLabel : children}
    </Button>
  )
}
