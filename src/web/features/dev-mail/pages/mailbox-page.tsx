import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ChevronDown, RefreshCw } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { messageOf } from '#web/lib/api.ts'
import { devMailQuery } from '#web/features/dev-mail/api/dev-mail.ts'
import { PageTitle } from '#web/components/page-title.tsx'

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

/** The development mailbox (ARCHITECTURE.md: email without SMTP settings). */
export function MailboxPage() {
  const mailbox = useQuery(devMailQuery())

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>Mailbox</PageTitle>
          <h1 className="text-3xl font-semibold tracking-tight">Mailbox</h1>
          <p className="text-muted-foreground">
            Emails sent by the platform while no SMTP server is configured, newest first.
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={mailbox.isFetching} onClick={() => void mailbox.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </Button>
      </div>

      {mailbox.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading…
        </p>
      ) : mailbox.isError ? (
        <div role="alert" className="grid gap-2 rounded-xl border border-destructive/40 p-4 text-sm">
          <p className="text-destructive">{messageOf(mailbox.error)}</p>
          <p className="text-muted-foreground">
            If two-factor authentication is required for administrators, turn it on in{' '}
            <Link
              to={`${pathTo('settings')}#security`}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              Settings
            </Link>
            .
          </p>
        </div>
      ) : !mailbox.data.enabled ? (
        <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">
          Mail is delivered by SMTP, so there is no development mailbox to show.
        </p>
      ) : mailbox.data.mails.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">No emails yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Emails">
          {mailbox.data.mails.map((mail) => (
            <li key={mail.id}>
              <details className="group rounded-xl border border-border bg-card shadow-sm open:border-accent/50">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 p-4 [&::-webkit-details-marker]:hidden">
                  <span className="grid gap-1">
                    <span className="font-medium">{mail.subject}</span>
                    <span className="text-sm text-muted-foreground">
                      To {mail.to} · <time dateTime={mail.sentAt}>{timeFormat.format(new Date(mail.sentAt))}</time>
                    </span>
                  </span>
                  <ChevronDown
                    aria-hidden="true"
                    className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="border-t border-border p-4">
                  <p className="mb-3 text-xs text-muted-foreground">From {mail.from}</p>
                  <pre className="font-sans text-sm break-words whitespace-pre-wrap">{mail.text}</pre>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
