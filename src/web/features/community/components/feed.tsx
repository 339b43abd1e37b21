import { useEffect, useRef } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { applyCommunityEvent, communityKeys, feedQuery } from '#web/features/community/api/community.ts'
import { PostCard } from '#web/features/community/components/post-card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'

/** The feed, newest first, loading older posts as the reader nears the end; live while open. */
export function Feed({ viewerId, viewerIsAdmin }: { viewerId: string; viewerIsAdmin: boolean }) {
  const queryClient = useQueryClient()
  const feed = useInfiniteQuery(feedQuery())
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed

  useLiveTopic(
    'community',
    (message) => applyCommunityEvent(queryClient, message, viewerId),
    () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  )

  useEffect(() => {
    const target = sentinel.current
    if (!target || !hasNextPage) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '600px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  if (feed.isPending) return <p className="py-8 text-center text-muted-foreground">Loading posts...</p>
  if (feed.isError) {
    return (
      <LoadFailedAlert className="py-8" onRetry={() => void feed.refetch()}>
        {messageOf(feed.error, 'The feed could not be loaded.')}
      </LoadFailedAlert>
    )
  }
  const posts = feed.data.pages.flatMap((page) => page.posts)
  return (
    <section aria-label="Community feed" className="grid gap-4">
      {posts.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No posts yet. Be the first to share something.</p>
      ) : null}
      {posts.map((post) => (
        <PostCard key={post.id} post={post} viewerId={viewerId} viewerIsAdmin={viewerIsAdmin} />
      ))}
      <div ref={sentinel} />
      {hasNextPage ? (
        <LoadMoreButton list={feed} loadingLabel="Loading...">
          Load older posts
        </LoadMoreButton>
      ) : posts.length > 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">You are all caught up.</p>
      ) : null}
    </section>
  )
}
