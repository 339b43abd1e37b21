import { useQuery } from '@tanstack/react-query'
import { Globe, MapPin, Mail } from 'lucide-react'
import { Avatar } from '#web/components/avatar.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { profileQuery } from '#web/features/profile/api/profile.ts'

/** spec 001 §4 Profile page: avatar, name, e-mail, location, website, career level and career focus. */
export function ProfileHeader() {
  const { data: profile, isPending, isError } = useQuery(profileQuery())
  if (isPending) return <Card aria-busy="true" className="h-36 animate-pulse" />
  if (isError) return null
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center">
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt={`Profile picture of ${profile.name}`}
            className="size-24 shrink-0 rounded-full object-cover"
          />
        ) : (
          <Avatar name={profile.name} size="lg" className="size-24 text-3xl" />
        )}
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{profile.name}</h1>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <li className="flex items-center gap-1.5">
              <Mail aria-hidden="true" className="size-4" />
              <span className="sr-only">E-mail: </span>
              {profile.email}
            </li>
            {profile.location ? (
              <li className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4" />
                <span className="sr-only">Location: </span>
                {profile.location}
              </li>
            ) : null}
            {profile.website ? (
              <li className="flex items-center gap-1.5">
                <Globe aria-hidden="true" className="size-4" />
                {/* the server only keeps http(s) addresses, so this link cannot run script */}
                <a
                  href={profile.website}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="underline-offset-4 hover:underline"
                >
                  {profile.website.replace(/^https?:\/\//, '')}
                </a>
              </li>
            ) : null}
          </ul>
          {profile.careerLevel ? (
            <p className="text-sm">
              <span className="text-muted-foreground">Career level: </span>
              {profile.careerLevel}
            </p>
          ) : null}
          {profile.careerFocus.length > 0 ? (
            <ul aria-label="Career focus" className="flex flex-wrap gap-2">
              {profile.careerFocus.map((focus) => (
                <li key={focus} className="rounded-full bg-muted px-3 py-1 text-xs font-medium">
                  {focus}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </CardContent>
    </Card>
  )
}
