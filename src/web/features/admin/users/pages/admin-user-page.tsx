import { useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Mail, Trash2 } from 'lucide-react'
import { adminUserMessages, type AdminUserDetails } from '#shared/admin/users.ts'
import { pathTo } from '#shared/pages.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { RelativeTime } from '#web/components/relative-time.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { isNotFoundError, messageOf } from '#web/lib/api.ts'
import { useViewer } from '#web/lib/session.ts'
import { useLiveUsers, useResendInvitation, userDetailsQuery } from '#web/features/admin/users/api/users.ts'
import { AdminComments } from '#web/features/admin/users/components/admin-comments.tsx'
import { AdminToggle } from '#web/features/admin/users/components/admin-toggle.tsx'
import { DeleteUserDialog } from '#web/features/admin/users/components/delete-user-dialog.tsx'
import { count, formatDateTime, formatDay } from '#web/features/admin/users/components/format.ts'
import { InvitedBadge, RoleBadge } from '#web/features/admin/users/components/role-badge.tsx'

const none = <span className="text-muted-foreground">—</span>

/** A card of facts: a titled region with a definition list. */
function FactsCard({ id, title, facts }: { id: string; title: string; facts: Array<[string, ReactNode]> }) {
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-3 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value ?? none}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

const subscriptionStatus: Record<string, string> = {
  active: 'Active',
  trialing: 'Free month',
  past_due: 'Past due',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
}

/**
 * /admin/users/{id} (spec 002 §2 user details; §3 User profile): the profile, the
 * sign-in tracking, the subscription, the invitation (sent again when needed), what
 * the user has on the platform, the admin flag and delete, and the admins' comments.
 */
export function AdminUserPage() {
  const { userId = '' } = useParams()
  const details = useQuery(userDetailsQuery(userId))
  useLiveUsers()
  const navigate = useNavigate()
  const back = <BackLink to={pathTo('adminUsers')}>Back to users</BackLink>

  if (details.isPending)
    return (
      <div className="grid gap-6">
        {back}
        <p role="status" className="text-muted-foreground">
          Loading user…
        </p>
      </div>
    )
  if (details.isError)
    return (
      <div className="grid gap-6">
        {back}
        <PageTitle>User details</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">User details</h1>
        {isNotFoundError(details.error, adminUserMessages.notFound) ? (
          <p role="alert" className="rounded-xl border border-dashed border-border p-8 text-center">
            {adminUserMessages.notFound}
          </p>
        ) : (
          <LoadFailedAlert className="py-8" onRetry={() => void details.refetch()}>
            {messageOf(details.error, adminUserMessages.loadFailed)}
          </LoadFailedAlert>
        )}
      </div>
    )
  return (
    <div className="grid gap-6">
      {back}
      <UserDetails user={details.data} onDeleted={() => void navigate(pathTo('adminUsers'), { replace: true })} />
      <AdminComments userId={details.data.id} />
    </div>
  )
}

function UserDetails({ user, onDeleted }: { user: AdminUserDetails; onDeleted: () => void }) {
  const { user: viewer } = useViewer()
  const resend = useResendInvitation()
  const [deleting, setDeleting] = useState(false)
  const self = viewer?.id === user.id
  const subscription = user.subscription
  const invitation = user.invitation

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar name={user.name} url={user.avatarUrl} size="lg" />
          <div className="grid min-w-0 gap-1">
            <PageTitle>{user.name}</PageTitle>
            <h1 className="truncate text-2xl font-semibold tracking-tight">{user.name}</h1>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            <div className="flex flex-wrap gap-1">
              <RoleBadge isAdmin={user.isAdmin} />
              {user.invitationPending ? <InvitedBadge /> : null}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <AdminToggle user={user} />
          {user.invitationPending ? (
            <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(user.id)}>
              <Mail aria-hidden="true" className="size-4" />
              {resend.isPending ? 'Sending…' : 'Resend invitation'}
            </Button>
          ) : null}
          <Button
            variant="destructive"
            disabled={self}
            title={self ? adminUserMessages.cannotDeleteSelf : undefined}
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete user
          </Button>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <FactsCard
          id="user-profile"
          title="Profile"
          facts={[
            ['First name', user.firstName || null],
            ['Last name', user.lastName || null],
            ['Career level', user.careerLevel],
            ['Experience level', user.experienceLevel],
            ['Location', user.location],
            ['Country', user.country],
            ['Company', user.company],
            ['Position', user.position],
            ['Phone', user.phoneNumber],
            [
              'LinkedIn',
              user.linkedinUrl ? (
                <a
                  href={user.linkedinUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-accent underline-offset-4 hover:underline"
                >
                  {user.linkedinUrl}
                </a>
              ) : null,
            ],
            ['Industries', user.industries.length ? user.industries.join(', ') : null],
          ]}
        />
        <FactsCard
          id="user-sign-in"
          title="Sign-in tracking"
          facts={[
            [
              'Last login',
              user.lastLoginAt ? (
                <>
                  {formatDateTime(user.lastLoginAt)} (<RelativeTime iso={user.lastLoginAt} />)
                </>
              ) : (
                'Never signed in'
              ),
            ],
            ['Last IP address', user.lastIpAddress],
            ['Login count', count(user.loginCount)],
            ['E-mail verified', user.emailVerified ? 'Yes' : 'No'],
            ['Two-factor', user.twoFactorEnabled ? 'On' : 'Off'],
            ['Joined', formatDay(user.joinedAt)],
            ['Profile updated', user.updatedAt ? formatDay(user.updatedAt) : null],
          ]}
        />
        <FactsCard
          id="user-subscription"
          title="Subscription"
          facts={
            subscription
              ? [
                  ['Plan', subscription.planName ?? subscription.planId],
                  ['Status', subscriptionStatus[subscription.status] ?? subscription.status],
                  ['Gives access now', user.subscribed ? 'Yes' : 'No'],
                  [
                    subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews',
                    subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null,
                  ],
                  ['Billed by', subscription.billedByStripe ? 'Stripe' : 'Granted on the platform'],
                ]
              : [['Plan', 'No subscription']]
          }
        />
        <FactsCard
          id="user-activity"
          title="On the platform"
          facts={[
            ['Community posts', count(user.counts.posts)],
            ['Comments', count(user.counts.comments)],
            ['Job applications', count(user.counts.applications)],
            ['Resume reviews', count(user.counts.resumeReviews)],
            ...(invitation
              ? ([
                  ['Invitation sent', formatDateTime(invitation.sentAt)],
                  [
                    invitation.acceptedAt ? 'Invitation accepted' : 'Invitation expires',
                    formatDateTime(invitation.acceptedAt ?? invitation.expiresAt),
                  ],
                ] as Array<[string, ReactNode]>)
              : []),
          ]}
        />
      </div>

      <DeleteUserDialog user={deleting ? user : null} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
    </>
  )
}
