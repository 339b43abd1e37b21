import { useState } from 'react'
import { Check, Gift } from 'lucide-react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { pathTo } from '#shared/pages.ts'
import {
  billingMessages,
  formatPrice,
  membershipMessages,
  paymentMessages,
  type Plan,
} from '#shared/billing/schemas.ts'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { homeNameOf, homeOf } from '#web/lib/home.ts'
import { useViewer } from '#web/lib/session.ts'
import { myBillingQuery } from '#web/features/billing/api/billing.ts'
import { plansQuery, useStartCheckout } from '#web/features/billing/api/plans.ts'
import { promoCheckQuery, promoQuery, promoSettled } from '#web/features/billing/api/promo.ts'
import { ChangePlanDialog, priceDifference } from '#web/features/billing/components/change-plan-dialog.tsx'
import { PromoDialog } from '#web/features/billing/components/promo-dialog.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

/** The promo code of the address (?promo=CODE), unless the server refused it. */
function usePromoFromAddress() {
  const [searchParams] = useSearchParams()
  const given = searchParams.get('promo')?.trim() || undefined
  const check = useQuery({ ...promoCheckQuery(given ?? ''), enabled: Boolean(given) })
  return {
    // while the check runs the code goes along: the server decides at checkout anyway
    code: given && !check.isError ? given.toUpperCase() : undefined,
    accepted: Boolean(given) && check.isSuccess,
    refusal: given && check.isError ? messageOf(check.error, billingMessages.invalidPromo) : null,
  }
}

/** /subscription: 'Choose Your Plan' (spec 001 §2, §4; spec 000 §2, §4 Promo). */
export function SubscriptionPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const { status, user, viewer } = useViewer()
  const plans = useQuery(plansQuery())
  const billing = useQuery({ ...myBillingQuery(), enabled: Boolean(user) })
  const activePromo = useQuery(promoQuery()).data?.promo
  const promo = usePromoFromAddress()
  const checkout = useStartCheckout()
  const [promoDismissed, setPromoDismissed] = useState(false)
  // claimed or dismissed in this browser (the landing pop-up included): it does not ask again
  const [promoSettledHere] = useState(promoSettled)
  const [switchTo, setSwitchTo] = useState<Plan | null>(null)

  const current = billing.data?.subscription
  // decision 013: a member's one membership changes plan; it is never bought twice
  const membership = current?.subscribed ? current : null
  // until the member's billing is known, a plan button could start a second checkout
  const billingUnknown = Boolean(user) && billing.isPending
  // spec 000 §2: the pop-up shows when the navigation says the visitor came from a promo, or when
  // the address carries a promo; either way only for someone who never checked out nor claimed
  // the free month, and never again once claimed or dismissed in this browser (issue 12).
  const cameFromPromo = Boolean((location.state as { fromPromo?: unknown } | null)?.fromPromo)
  const promoOffered =
    status === 'ready' &&
    (!user || (billing.isSuccess && billing.data.subscription === null && !billing.data.promoClaimed))
  const promoOpen = !promoDismissed && !promoSettledHere && promoOffered && (cameFromPromo || Boolean(promo.code))

  function choose(plan: Plan) {
    if (!user) {
      // spec 001 §6: upgrade prompts for visitors
      toast.error(billingMessages.signInForPlans)
      void navigate(pathTo('login'), { state: { from: pathTo('subscription'), promo: promo.code } })
      return
    }
    if (plan.priceCents === 0) {
      // spec 001 §9: a free plan needs no checkout
      void navigate(pathTo('community'))
      return
    }
    checkout.mutate(
      { planId: plan.id, promoCode: promo.code },
      { onError: (error) => toast.error(messageOf(error, paymentMessages.CHECKOUT_FAILED)) },
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6">
      {/* a visitor goes back home, a member to their own home page, named as it is (decision 015) */}
      <BackLink to={homeOf(viewer)}>Back to {homeNameOf(viewer)}</BackLink>
      <div className="grid gap-2">
        <PageTitle>Choose Your Plan</PageTitle>
        <h1 className="text-3xl font-semibold tracking-tight">Choose Your Plan</h1>
        <p className="text-muted-foreground">Monthly membership; cancel any time from your settings.</p>
        {promo.accepted && promo.code ? (
          <p
            role="note"
            className="flex w-fit items-center gap-2 rounded-lg border border-accent/60 bg-accent/10 px-3 py-2 text-sm font-medium"
          >
            <Gift aria-hidden="true" className="size-4 text-accent" />
            Promo applied: one month free
            <span className="font-normal text-muted-foreground">
              (code <strong className="font-mono tracking-wider text-foreground">{promo.code}</strong>)
            </span>
          </p>
        ) : null}
        {promo.refusal ? (
          <p role="alert" className="text-sm text-destructive">
            {promo.refusal}
          </p>
        ) : null}
      </div>

      {plans.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading plans…
        </p>
      ) : null}
      {plans.isError ? <p role="alert">{messageOf(plans.error, paymentMessages.DEFAULT)}</p> : null}
      {plans.data ? (
        <ul className="grid gap-6 md:grid-cols-2" aria-label="Plans">
          {plans.data.plans.map((plan) => {
            const isCurrent = membership?.planId === plan.id
            // a free plan needs no membership change: it sends the member to /community (spec 001 §9)
            const switchable = Boolean(membership) && !isCurrent && plan.priceCents > 0
            const difference = membership && switchable ? priceDifference(plans.data.plans, membership, plan) : null
            return (
              <li key={plan.id}>
                <Card className="flex h-full flex-col" role="region" aria-labelledby={`plan-${plan.id}`}>
                  <CardHeader>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <CardTitle id={`plan-${plan.id}`}>{plan.name}</CardTitle>
                      {isCurrent ? (
                        <span className="rounded-full bg-accent/15 px-2.5 py-0.5 text-xs font-medium text-foreground">
                          {membershipMessages.yourPlan}
                        </span>
                      ) : null}
                    </div>
                    <CardDescription>{plan.description}</CardDescription>
                  </CardHeader>
                  <CardContent className="flex flex-1 flex-col gap-4">
                    <p>
                      <span className="text-3xl font-semibold">{formatPrice(plan.priceCents)}</span>
                      <span className="text-muted-foreground">/{plan.interval}</span>
                    </p>
                    <ul className="grid flex-1 content-start gap-2 text-sm" aria-label={`${plan.name} features`}>
                      {plan.features.map((feature) => (
                        <li key={feature} className="flex items-start gap-2">
                          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                          {feature}
                        </li>
                      ))}
                    </ul>
                    {isCurrent && current?.cancelAtPeriodEnd ? (
                      <span className="w-fit rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
                        {billingMessages.cancelsAtPeriodEnd}
                      </span>
                    ) : null}
                    {difference ? (
                      <p className="text-sm font-medium">
                        {difference} compared with {membership?.planName}
                      </p>
                    ) : null}
                    {isCurrent ? (
                      <Button disabled variant="secondary">
                        {billingMessages.currentPlan}
                      </Button>
                    ) : switchable ? (
                      <Button onClick={() => setSwitchTo(plan)} disabled={membership?.cancelAtPeriodEnd}>
                        Change plan
                      </Button>
                    ) : (
                      // after success the browser is leaving for the checkout: keep the buttons disabled
                      <Button
                        onClick={() => choose(plan)}
                        disabled={billingUnknown || checkout.isPending || checkout.isSuccess}
                      >
                        Choose {plan.name}
                      </Button>
                    )}
                    {switchable && membership?.cancelAtPeriodEnd ? (
                      <p className="text-sm text-muted-foreground">
                        {membershipMessages.resumeBeforeChange(membership.planName)}
                      </p>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            )
          })}
        </ul>
      ) : null}
      {membership && plans.data && switchTo ? (
        <ChangePlanDialog
          subscription={membership}
          testMode={billing.data?.testMode ?? false}
          plans={plans.data.plans}
          target={switchTo}
          open
          onOpenChange={(open) => {
            if (!open) setSwitchTo(null)
          }}
        />
      ) : null}
      {activePromo ? (
        <PromoDialog promo={activePromo} open={promoOpen} onOpenChange={(open) => setPromoDismissed(!open)} />
      ) : null}
    </div>
  )
}
