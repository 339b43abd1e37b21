import { useId, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, RefreshCw } from 'lucide-react'
import { feedUrlMaxLength } from '#shared/blog/constants.ts'
import { adminBlogMessages } from '#shared/blog/messages.ts'
import { NewsletterFeedInput, type NewsletterFeedStatus } from '#shared/blog/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import {
  newsletterFeedQuery,
  useRefreshNewsletterFeed,
  useSetNewsletterFeed,
} from '#web/features/blog/api/admin-blog.ts'
import { messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'

const sourceLabels: Record<NewsletterFeedStatus['source'], string> = {
  setting: 'Saved here by an admin',
  environment: 'The NEWSLETTER_FEED_URL environment setting',
  none: adminBlogMessages.noFeed,
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never')

// after 'Refresh now', the status is read again this often, for at most this long, until the check shows
const pollEveryMs = 2000
const pollForMs = 30_000

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  )
}

function FeedForm({ status }: { status: NewsletterFeedStatus }) {
  const setFeed = useSetNewsletterFeed()
  const form = useForm<{ feedUrl: string }>({
    // the environment's address shows as the placeholder: saving the box empty keeps using it
    defaultValues: { feedUrl: status.source === 'setting' ? (status.feedUrl ?? '') : '' },
  })
  const [failure, setFailure] = useState<string>()
  const inputId = useId()
  const error = form.formState.errors.feedUrl?.message

  const onSubmit = form.handleSubmit(({ feedUrl }) => {
    setFailure(undefined)
    form.clearErrors()
    const parsed = NewsletterFeedInput.safeParse({ feedUrl: feedUrl.trim() || null })
    if (!parsed.success) {
      form.setError('feedUrl', { message: parsed.error.issues[0]?.message ?? adminBlogMessages.feedUrlInvalid })
      return
    }
    setFeed.mutate(parsed.data, {
      onError: (failed) => setFailure(formFailure(form, failed, { fallback: adminBlogMessages.feedSaveFailed })),
    })
  })

  return (
    <form className="grid gap-2" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          id={inputId}
          label="Feed address (RSS or Atom)"
          type="url"
          inputMode="url"
          placeholder={status.source === 'environment' && status.feedUrl ? status.feedUrl : 'https://'}
          maxLength={feedUrlMaxLength}
          hint="Leave it empty and save to turn the newsletter off."
          error={error}
          className="min-w-0 flex-1"
          {...form.register('feedUrl')}
        />
        <Button type="submit" className="mt-6" disabled={setFeed.isPending}>
          {setFeed.isPending ? 'Saving…' : 'Save feed'}
        </Button>
      </div>
      <FieldError>{failure}</FieldError>
    </form>
  )
}

/**
 * The newsletter feed of the blog (issue 18): its address (an admin's setting, else
 * NEWSLETTER_FEED_URL), how its fetches went, and a way to fetch it now.
 */
export function NewsletterFeedCard() {
  // after 'Refresh now': the last check before it, read again until a newer one shows (or a while passes)
  const [waitingFor, setWaitingFor] = useState<{ checkedBefore: string | null } | null>(null)
  const feed = useQuery({
    ...newsletterFeedQuery(),
    refetchInterval: (query) =>
      waitingFor && query.state.data?.lastCheckedAt === waitingFor.checkedBefore ? pollEveryMs : false,
  })
  const refresh = useRefreshNewsletterFeed()
  const status = feed.data
  // the live 'blog' message usually brings the new state first; the polling is for a feed that did not change
  const fetching = waitingFor !== null && status?.lastCheckedAt === waitingFor.checkedBefore

  const refreshNow = () => {
    const checkedBefore = status?.lastCheckedAt ?? null
    refresh.mutate(undefined, {
      onSuccess: () => {
        const waiting = { checkedBefore }
        setWaitingFor(waiting)
        setTimeout(() => setWaitingFor((current) => (current === waiting ? null : current)), pollForMs)
      },
    })
  }

  let body: ReactNode
  if (feed.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the newsletter feed…
      </p>
    )
  } else if (feed.isError && !status) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{messageOf(feed.error, 'The newsletter feed could not be loaded')}</p>
        <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (status) {
    body = (
      <>
        <FeedForm key={`${status.source}-${status.feedUrl ?? ''}`} status={status} />
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="feed-status">
          <Fact term="Address from">{sourceLabels[status.source]}</Fact>
          <Fact term="Feed title">{status.feedTitle ?? '—'}</Fact>
          <Fact term="Items">
            <span data-testid="feed-item-count">{status.itemCount}</span>
          </Fact>
          <Fact term="Last checked">{when(status.lastCheckedAt)}</Fact>
          <Fact term="Last good fetch">{when(status.lastSucceededAt)}</Fact>
        </dl>
        {/* the feed's state, shown on every visit: a plain warning, not an announcement */}
        {status.failure ? (
          <div className="flex gap-3 rounded-lg border border-amber-500/60 bg-amber-500/10 p-3 text-sm text-foreground">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <p>
              <span className="font-medium">The last fetch failed</span> ({when(status.failure.at)}):{' '}
              {status.failure.message}
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            onClick={refreshNow}
            disabled={status.source === 'none' || refresh.isPending || fetching}
          >
            <RefreshCw aria-hidden="true" className={fetching ? 'size-4 animate-spin' : 'size-4'} />
            Refresh now
          </Button>
          <p role="status" className="text-sm text-muted-foreground">
            {fetching ? 'Fetching the feed…' : ''}
          </p>
        </div>
      </>
    )
  }

  return (
    <Card role="region" aria-labelledby="card-newsletter-feed" data-testid="newsletter-feed">
      <CardHeader>
        <CardTitle id="card-newsletter-feed">Newsletter feed</CardTitle>
        <CardDescription>
          The newsletter&rsquo;s items join our posts on the blog, newest first. The feed is read again regularly.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{body}</CardContent>
    </Card>
  )
}
