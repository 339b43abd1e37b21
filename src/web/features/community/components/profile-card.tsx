import { useQuery } from '@tanstack/react-query'
import { MapPin } from 'lucide-react'
import { Avatar } from '#web/components/avatar.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { profileCardQuery } from '#web/features/community/api/community.ts'

export function ProfileCard() {
  const { data: card, isError } = useQuery(profileCardQuery())
  if (isError) return null
  return (
    <Card aria-label="Your profile">
      <CardContent className="grid justify-items-center gap-2 text-center">
        {card ? (
          <>
            <Avatar name={card.name} url={card.avatarUrl} size="lg" />
            <p className="font-semibold">
              {card.name}
              {card.isAdmin ? <AdminBadge /> : null}
            </p>
            <p className="text-sm break-all text-muted-foreground">{card.email}</p>
            {card.experienceLevel ? <p className="text-sm">{card.experienceLevel}</p> : null}
            {card.location ? (
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin aria-hidden="true" className="size-3.5" />
                {card.location}
              </p>
            ) : null}
            <p className="text-xs text-muted-foreground">
              {card.postCount} {card.postCount === 1 ? 'post' : 'posts'}
            </p>
          </>
        ) : (
          <div aria-hidden="true" className="size-16 animate-pulse rounded-full bg-muted" />
        )}
      </CardContent>
    </Card>
  )
}

/** spec 000 §6: admins carry an 'Admin' badge on their posts and comments. */
export function AdminBadge() {
  // a filled badge: --primary is a fill colour; as text on a light card it falls to 2:1 (WCAG AA needs 4.5:1)
  return (
    <span className="ml-2 rounded-full bg-primary px-2 py-0.5 align-middle text-xs font-medium text-primary-foreground">
      Admin
    </span>
  )
}
