import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { billingMessages } from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { myBillingQuery, useOpenBillingPortal } from '#web/features/billing/api/billing.ts'

const dateFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' })

/** Settings → Subscription (spec 001 §2): the plan, its status and renewal or end date, and the billing portal. */
export function SubscriptionSection() {
  const billing = useQuery(myBillingQuery())
  const portal = useOpenBillingPortal()
  const subscription = billing.data?.subscription
  const active = subscription?.subscribed ? subscription : null
  const periodEnd = active?.currentPeriodEnd ? dateFormat.format(new Date(active.currentPeriodEnd)) : null

  return (
    <Card role="region" aria-labelledby="subscription-title" id="subscription">
      <CardHeader>
        <CardTitle id="subscription-title">Subscription</CardTitle>
        <CardDescription>Your membership plan and billing.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">{active ? active.planName : 'Free'}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>{active ? active.status : subscription ? subscription.status : 'No subscription'}</dd>
          {periodEnd ? (
            <>
              <dt className="text-muted-foreground">{active?.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
              <dd>{periodEnd}</dd>
            </>
          ) : null}
        </dl>
        {active?.cancelAtPeriodEnd ? (
          <span className="w-fit rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">{billingMessages.cancelsAtPeriodEnd}</span>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {billing.data?.canManageBilling ? (
            <Button onClick={() => portal.mutate()} disabled={portal.isPending}>
              Manage billing
            </Button>
          ) : null}
          <Link to="/subscription" className="text-sm text-accent underline">
            See plans
          </Link>
        </div>
      </CardContent>
    </Card>
  )
}
