import { useState } from 'react'
import { ArrowLeft, Check } from 'lucide-react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { billingMessages, formatPrice, type Plan } from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useViewer } from '#web/lib/session.ts'
import { myBillingQuery, plansQuery, useStartCheckout } from '#web/features/billing/api/billing.ts'
import { promoQuery } from '#web/features/billing/api/promo.ts'
import { PromoDialog } from '#web/features/billing/components/promo-dialog.tsx'

/** /subscription: 'Choose Your Plan' (spec 001 §2, §4; spec 000 §2 promo). */
export function SubscriptionPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const promoCode = searchParams.get('promo') ?? undefined
  const { user } = useViewer()
  const plans = useQuery(plansQuery())
  const billing = useQuery({ ...myBillingQuery(), enabled: Boolean(user) })
  const promo = useQuery(promoQuery())
  const checkout = useStartCheckout()
  const cameFromPromo = Boolean((location.state as { fromPromo?: boolean } | null)?.fromPromo)
  const [promoOpen, setPromoOpen] = useState(cameFromPromo)

  const current = billing.data?.subscription
  function choose(plan: Plan) {
    if (!user) {
      toast.error(billingMessages.signInForPlans)
      void navigate('/login', { state: { from: '/subscription', promo: promoCode } })
      return
    }
    if (plan.priceCents === 0) {
      void navigate('/community')
      return
    }
    checkout.mutate({ planId: plan.id, promoCode })
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Dashboard
      </Link>
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Choose Your Plan</h1>
        <p className="text-muted-foreground">Monthly membership; cancel any time from your settings.</p>
        {promoCode ? (
          <p role="note" className="text-sm font-medium text-accent">
            Promo {promoCode.toUpperCase()} applied: your first month is free.
          </p>
        ) : null}
      </div>
      {plans.isError ? <p role="alert">{billingMessages.promoFailed}</p> : null}
      <ul className="grid gap-6 md:grid-cols-2" aria-label="Plans">
        {plans.data?.plans.map((plan) => {
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
                  <ul className="grid flex-1 gap-2 text-sm">
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
                    <Button onClick={() => choose(plan)} disabled={checkout.isPending}>
                      Choose {plan.name}
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          )
        })}
      </ul>
      {promo.data?.promo ? <PromoDialog promo={promo.data.promo} open={promoOpen} onOpenChange={setPromoOpen} /> : null}
    </div>
  )
}
