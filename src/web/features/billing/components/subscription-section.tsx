import { useState } from 'react'
import { FlaskConical } from 'lucide-react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { billingMessages, membershipMessages, paymentMessages, type MySubscription } from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx'
import { messageOf } from '#web/lib/api.ts'
import {
  formatBillingDate,
  myBillingQuery,
  useCancelMembership,
  useOpenBillingPortal,
  useResumeMembership,
} from '#web/features/billing/api/billing.ts'
import { plansQuery } from '#web/features/billing/api/plans.ts'
import { ChangePlanDialog } from '#web/features/billing/components/change-plan-dialog.tsx'

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

/**
 * Settings → Subscription (spec 001 §2, §4): the plan (or Free), its status, renewal or end date;
 * cancel at period end, resume, change plan (decision 013: in test mode too, through the same
 * service as Stripe), and with Stripe the billing portal for cards and invoices.
 */
export function SubscriptionSection() {
  const billing = useQuery(myBillingQuery())
  const portal = useOpenBillingPortal()
  const subscription = billing.data?.subscription ?? null
  // spec 001 §4: only an active subscription with its period ahead counts; otherwise the plan shows as Free
  const paid = subscription?.subscribed ? subscription : null
  const periodEnd = paid?.currentPeriodEnd ? formatBillingDate(paid.currentPeriodEnd) : null

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
            {periodEnd ? (
              <p className="text-sm">{paid?.cancelAtPeriodEnd ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}</p>
            ) : null}
            {paid?.cancelAtPeriodEnd ? (
              <span className="w-fit rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
                {billingMessages.cancelsAtPeriodEnd}
              </span>
            ) : null}
            {paid && billing.data.testMode ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <FlaskConical aria-hidden="true" className="size-4 text-accent" />
                Test mode: no card is charged
              </p>
            ) : null}
            {paid ? <MembershipActions subscription={paid} testMode={billing.data.testMode} /> : null}
          </>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {billing.data?.canManageBilling ? (
            <Button onClick={() => portal.mutate()} disabled={portal.isPending || portal.isSuccess}>
              Manage billing
            </Button>
          ) : null}
          <Link to={pathTo('subscription')} className="text-sm text-accent underline underline-offset-4">
            See plans
          </Link>
        </div>
      </CardContent>
    </Card>
  )
}

/** Change plan, and cancel (confirmed, saying until when access stays) or resume: the member's own membership. */
function MembershipActions({ subscription, testMode }: { subscription: MySubscription; testMode: boolean }) {
  const plans = useQuery(plansQuery())
  const cancel = useCancelMembership()
  const resume = useResumeMembership()
  const [dialog, setDialog] = useState<'cancel' | 'change' | null>(null)
  const until = formatBillingDate(subscription.currentPeriodEnd)
  const busy = cancel.isPending || resume.isPending

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          disabled={subscription.cancelAtPeriodEnd || !plans.data}
          onClick={() => setDialog('change')}
        >
          Change plan
        </Button>
        {subscription.cancelAtPeriodEnd ? (
          <Button disabled={busy} onClick={() => resume.mutate(undefined)}>
            Resume membership
          </Button>
        ) : (
          <Button variant="destructive" disabled={busy} onClick={() => setDialog('cancel')}>
            Cancel membership
          </Button>
        )}
      </div>
      {subscription.cancelAtPeriodEnd ? (
        <p className="text-sm text-muted-foreground">{membershipMessages.resumeBeforeChange(subscription.planName)}</p>
      ) : null}
      <Dialog open={dialog === 'cancel'} onOpenChange={(open) => setDialog(open ? 'cancel' : null)}>
        <DialogContent
          title={membershipMessages.cancelTitle(subscription.planName)}
          description={membershipMessages.cancelExplained(subscription.planName, until)}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Keep membership</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => setDialog(null) })}
            >
              Cancel membership
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {plans.data ? (
        <ChangePlanDialog
          subscription={subscription}
          testMode={testMode}
          plans={plans.data.plans}
          open={dialog === 'change'}
          onOpenChange={(open) => setDialog(open ? 'change' : null)}
        />
      ) : null}
    </div>
  )
}
