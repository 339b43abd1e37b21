import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { billingMessages, paymentMessages } from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { myBillingQuery, useOpenBillingPortal } from '#web/features/billing/api/billing.ts'

const dateFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' })

// Stripe's subscription statuses as a member reads them; 'trialing' is the promo's free month (decision 006).
const statusLabels: Record<string, string> = {
  active: 'Active',
  trialing: 'Free trial',
  past_due: 'Payment past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
}

function statusLabel(status: string): string {
  return statusLabels[status] ?? status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())
}

/** Settings → Subscription (spec 001 §2, §4): the plan (or Free), its status, renewal or end date, and the billing portal. */
export function SubscriptionSection() {
  const billing = useQuery(myBillingQuery())
  const portal = useOpenBillingPortal()
  const subscription = billing.data?.subscription ?? null
  // spec 001 §4: only an active subscription with its period ahead counts; otherwise the plan shows as Free
  const paid = subscription?.subscribed ? subscription : null
  const periodEnd = paid?.currentPeriodEnd ? dateFormat.format(new Date(paid.currentPeriodEnd)) : null

  return (
    <Card role="region" aria-labelledby="subscription-title" id="subscription">
      <CardHeader>
        <CardTitle id="subscription-title">Subscription</CardTitle>
        <CardDescription>Your membership plan and billing.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {billing.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your plan…
          </p>
        ) : billing.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {messageOf(billing.error, paymentMessages.DEFAULT)}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="font-medium">{paid ? paid.planName : 'Free'}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>{subscription ? statusLabel(subscription.status) : 'No subscription'}</dd>
            </dl>
            {periodEnd ? <p className="text-sm">{paid?.cancelAtPeriodEnd ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}</p> : null}
            {paid?.cancelAtPeriodEnd ? (
              <span className="w-fit rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">{billingMessages.cancelsAtPeriodEnd}</span>
            ) : null}
          </>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {billing.data?.canManageBilling ? (
            <Button onClick={() => portal.mutate()} disabled={portal.isPending || portal.isSuccess}>
              Manage billing
            </Button>
          ) : null}
          <Link to="/subscription" className="text-sm text-accent underline underline-offset-4">
            See plans
          </Link>
        </div>
      </CardContent>
    </Card>
  )
}
