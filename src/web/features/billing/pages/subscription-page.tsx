import { useState } from 'react'
import { Check, Gift } from 'lucide-react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { billingMessages, formatPrice, paymentMessages, type Plan } from '#shared/billing/schemas.ts'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useViewer } from '#web/lib/session.ts'
import { myBillingQuery } from '#web/features/billing/api/billing.ts'
import { plansQuery, useStartCheckout } from '#web/features/billing/api/plans.ts'
import { promoCheckQuery, promoQuery } from '#web/features/billing/api/promo.ts'
import { PromoDialog } from '#web/features/billing/components/promo-dialog.tsx'

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
  const { status, user } = useViewer()
  const plans = useQuery(plansQuery())
  const billing = useQuery({ ...myBillingQuery(), enabled: Boolean(user) })
  const activePromo = useQuery(promoQuery()).data?.promo
  const promo = usePromoFromAddress()
  const checkout = useStartCheckout()
  const [promoDismissed, setPromoDismissed] = useState(false)

  const current = billing.data?.subscription
  // spec 000 §2: the pop-up shows when the navigation says the visitor came from a promo,
  // or when the address carries a promo for someone who has never checked out.
  const cameFromPromo = Boolean((location.state as { fromPromo?: unknown } | null)?.fromPromo)
  const neverCheckedOut = status === 'ready' && (!user || (billing.isSuccess && billing.data.subscription === null))
  const promoOpen = !promoDismissed && (cameFromPromo || (Boolean(promo.code) && neverCheckedOut))

  function choose(plan: Plan) {
    if (!user) {
      // spec 001 §6: upgrade prompts for visitors
      toast.error(billingMessages.signInForPlans)
      void navigate('/login', { state: { from: '/subscription', promo: promo.code } })
      return
    }
    if (plan.priceCents === 0) {
      // spec 001 §9: a free plan needs no checkout
      void navigate('/community')
      return
    }
    checkout.mutate(
      { planId: plan.id, promoCode: promo.code },
      { onError: (error) => toast.error(messageOf(error, paymentMessages.CHECKOUT_FAILED)) },
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Choose Your Plan</h1>
        <p className="text-muted-foreground">Monthly membership; cancel any time from your settings.</p>
        {promo.accepted && promo.code ? (
          <p role="note" className="flex w-fit items-center gap-2 rounded-lg border border-accent/60 bg-accent/10 px-3 py-2 text-sm font-medium">
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
            const isCurrent = Boolean(current?.subscribed && current.planId === plan.id)
            return (
              <li key={plan.id}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <CardTitle>{plan.name}</CardTitle>
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
                      <span className="w-fit rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">{billingMessages.cancelsAtPeriodEnd}</span>
                    ) : null}
                    {isCurrent ? (
                      <Button disabled variant="secondary">
                        {billingMessages.currentPlan}
                      </Button>
                    ) : (
                      // after success the browser is leaving for the checkout: keep the buttons disabled
                      <Button onClick={() => choose(plan)} disabled={checkout.isPending || checkout.isSuccess}>
                        Choose {plan.name}
                      </Button>
                    )}
                  </CardContent>
                </Card>
              </li>
            )
          })}
        </ul>
      ) : null}
      {activePromo ? <PromoDialog promo={activePromo} open={promoOpen} onOpenChange={(open) => setPromoDismissed(!open)} /> : null}
    </div>
  )
}
