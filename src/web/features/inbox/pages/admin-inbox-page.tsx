import { useDeferredValue, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import { businessSkillLabels, industryLabels, type BusinessSkill, type Industry } from '#shared/business/schemas.ts'
import {
  businessStatuses,
  contactStatuses,
  inboxKinds,
  inboxMessages,
  statusLabels,
  type BusinessItem,
  type BusinessStatus,
  type ContactItem,
  type ContactStatus,
  type InboxKind,
} from '#shared/inbox/schemas.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { inboxQuery, useSetInboxStatus } from '#web/features/inbox/api/inbox.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { PageTitle } from '#web/components/page-title.tsx'

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

const tabLabels: Record<InboxKind, string> = { contact: 'Contact messages', business: 'Business requests' }

function mailto(email: string, subject: string) {
  // the address passed the shared e-mail check: no '?' or '&' to escape
  return `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`
}

/** /admin/inbox (issue 6): what the Contact Us and business request forms brought in, with a status each. */
export function AdminInboxPage() {
  const [kind, setKind] = useState<InboxKind>('contact')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<BusinessStatus | ''>('')
  const q = useDeferredValue(search)
  const inbox = useQuery(inboxQuery({ kind, q, status }))
  const list = inbox.data?.kind === kind ? inbox.data : undefined

  // arrow keys move between the tabs (WAI-ARIA tabs pattern)
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next =
      inboxKinds[
        (inboxKinds.indexOf(kind) + (event.key === 'ArrowRight' ? 1 : inboxKinds.length - 1)) % inboxKinds.length
      ]!
    setKind(next)
    document.getElementById(`inbox-tab-${next}`)?.focus()
  }

  const statuses = kind === 'business' ? businessStatuses : contactStatuses

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <PageTitle>Inbox</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Inbox</h1>
        <p className="text-sm text-muted-foreground">
          Messages from the Contact Us page and requests from the business page, newest first.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="inbox-search">Search</Label>
          <input
            id="inbox-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            maxLength={200}
            placeholder={kind === 'contact' ? 'Name, e-mail, subject or message' : 'Business, e-mail or support needed'}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="inbox-status-filter">Status</Label>
          <select
            id="inbox-status-filter"
            value={status}
            onChange={(event) => setStatus(event.target.value as BusinessStatus | '')}
            className={cn(controlClasses, 'h-10 w-44')}
          >
            <option value="">All statuses</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div role="tablist" aria-label="Inbox" className="flex gap-2 border-b border-border">
        {inboxKinds.map((tab) => (
          <button
            key={tab}
            id={`inbox-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={kind === tab}
            aria-controls="inbox-panel"
            tabIndex={kind === tab ? 0 : -1}
            onKeyDown={onTabKey}
            onClick={() => {
              setKind(tab)
              if (tab === 'contact' && status === 'matched') setStatus('')
            }}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              kind === tab
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tabLabels[tab]}
            {inbox.data ? (
              <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs">{inbox.data.counts[tab]}</span>
            ) : null}
          </button>
        ))}
      </div>

      <div id="inbox-panel" role="tabpanel" aria-labelledby={`inbox-tab-${kind}`} className="grid gap-4">
        {inbox.isPending || (!list && !inbox.isError) ? (
          <p role="status" className="text-muted-foreground">
            Loading…
          </p>
        ) : null}
        {inbox.isError ? <p role="alert">{messageOf(inbox.error, inboxMessages.loadFailed)}</p> : null}
        {list && list.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {q || status
              ? 'Nothing matches this search.'
              : kind === 'contact'
                ? 'No contact messages yet.'
                : 'No business requests yet.'}
          </p>
        ) : null}
        {list?.kind === 'contact' ? list.items.map((item) => <ContactRow key={item.id} item={item} />) : null}
        {list?.kind === 'business' ? list.items.map((item) => <BusinessRow key={item.id} item={item} />) : null}
      </div>
    </div>
  )
}

function StatusSelect({
  kind,
  id,
  status,
  label,
}: {
  kind: InboxKind
  id: string
  status: BusinessStatus
  label: string
}) {
  const setStatus = useSetInboxStatus()
  const statuses = kind === 'business' ? businessStatuses : contactStatuses
  return (
    <select
      aria-label={label}
      value={status}
      disabled={setStatus.isPending}
      onChange={(event) =>
        setStatus.mutate(
          kind === 'contact'
            ? { kind, id, status: event.target.value as ContactStatus }
            : { kind, id, status: event.target.value as BusinessStatus },
        )
      }
      className={cn(controlClasses, 'h-9 w-36')}
    >
      {statuses.map((value) => (
        <option key={value} value={value}>
          {statusLabels[value]}
        </option>
      ))}
    </select>
  )
}

function RowHeader({ title, meta, children }: { title: string; meta: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-0.5">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{meta}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  )
}

function ContactRow({ item }: { item: ContactItem }) {
  const title = item.subject ?? 'No subject'
  return (
    <Card role="article" aria-label={`Message from ${item.name}`}>
      <CardContent className="grid gap-3">
        <RowHeader
          title={title}
          meta={`${item.name} · ${item.email}${item.fromMember ? ' · member' : ''} · ${timeFormat.format(new Date(item.createdAt))}`}
        >
          <StatusSelect
            kind="contact"
            id={item.id}
            status={item.status}
            label={`Status of the message from ${item.name}`}
          />
          <a href={mailto(item.email, title)} className={buttonClasses('secondary', 'sm')}>
            <Mail aria-hidden="true" className="size-3.5" />
            Reply by e-mail
          </a>
        </RowHeader>
        <p className="text-sm whitespace-pre-wrap">{item.message}</p>
      </CardContent>
    </Card>
  )
}

function BusinessRow({ item }: { item: BusinessItem }) {
  const industry = industryLabels[item.industry as Industry] ?? item.industry
  const skills = item.requiredSkills.map((skill) => businessSkillLabels[skill as BusinessSkill] ?? skill).join(', ')
  return (
    <Card role="article" aria-label={`Request from ${item.businessName}`}>
      <CardContent className="grid gap-3">
        <RowHeader
          title={item.businessName}
          meta={`${industry} · ${item.email} · ${item.phone} · ${timeFormat.format(new Date(item.createdAt))}`}
        >
          <StatusSelect
            kind="business"
            id={item.id}
            status={item.status}
            label={`Status of the request from ${item.businessName}`}
          />
          <a
            href={mailto(item.email, `Your intern request for ${item.businessName}`)}
            className={buttonClasses('secondary', 'sm')}
          >
            <Mail aria-hidden="true" className="size-3.5" />
            Reply by e-mail
          </a>
        </RowHeader>
        <p className="text-sm">
          <span className="font-medium">Skills:</span> {skills}
        </p>
        <p className="text-sm whitespace-pre-wrap">{item.supportNeeded}</p>
      </CardContent>
    </Card>
  )
}
