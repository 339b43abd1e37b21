import type { ReactNode } from 'react'
import { Composer } from '#web/features/community/components/composer.tsx'
import { Feed } from '#web/features/community/components/feed.tsx'
import { ProfileCard } from '#web/features/community/components/profile-card.tsx'
import { TrendsPanel } from '#web/features/community/components/trends-panel.tsx'
import { cn } from '#web/lib/cn.ts'
import { useViewer } from '#web/lib/session.ts'
import { PageTitle } from '#web/components/page-title.tsx'

/**
 * spec 000 §2 /community: profile card and trends on the left, composer and feed in
 * the centre; the right column (latest jobs, courses, blog posts) comes from other
 * areas, so the app route passes it in as `aside`.
 */
export function CommunityPage({ aside }: { aside?: ReactNode }) {
  const { user } = useViewer()
  if (!user) return null
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
  return (
    <div
      className={cn(
        'mx-auto grid w-full gap-6 px-4 py-8 lg:grid-cols-[16rem_minmax(0,1fr)]',
        aside ? 'max-w-7xl xl:grid-cols-[16rem_minmax(0,1fr)_18rem]' : 'max-w-5xl',
      )}
    >
      <PageTitle>Community</PageTitle>
      <h1 className="sr-only">Community</h1>
      <aside aria-label="Profile and trends" className="grid content-start gap-4">
        {/* on phones the feed comes first; the card repeats what the menu shows */}
        <div className="hidden lg:block">
          <ProfileCard />
        </div>
        <TrendsPanel canEdit={user.isAdmin} />
      </aside>
      <div className="grid content-start gap-4">
        <Composer authorName={name} />
        <Feed viewerId={user.id} viewerIsAdmin={user.isAdmin} />
      </div>
      {aside ? (
        <aside aria-label="Latest from Prestige Labs" className="grid content-start gap-4">
          {aside}
        </aside>
      ) : null}
    </div>
  )
}
