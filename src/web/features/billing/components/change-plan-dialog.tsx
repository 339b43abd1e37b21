import { useId, useState } from 'react'
import {
  formatPrice,
  formatPriceDifference,
  membershipMessages,
  type MySubscription,
  type Plan,
} from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx'
import { formatBillingDate, useChangePlan } from '#web/features/billing/api/billing.ts'

type ChangePlanDialogProps = {
  subscription: MySubscription
  testMode: boolean
  plans: Plan[]
  /** The plan picked on its card (/subscription); without it, the member picks one here (settings). */
  target?: Plan
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The plans a member can switch to: active, paid, and not the one they have (the server refuses the others too). */
function plansToSwitchTo(plans: Plan[], subscription: MySubscription): Plan[] {
  return plans.filter((plan) => plan.isActive && plan.priceCents > 0 && plan.id !== subscription.planId)
}

/** What a switch does to the price: '+$9.01/month', or nothing when the current plan's price is unknown (no longer listed). */
export function priceDifference(plans: Plan[], subscription: MySubscription, target: Plan): string | null {
  const current = plans.find((plan) => plan.id === subscription.planId)
  return current && current.interval === target.interval
    ? formatPriceDifference(current.priceCents, target.priceCents, target.interval)
    : null
}

/**
 * 'Change plan' (decision 013): the member's one membership moves to another plan, confirmed here
 * with both plans named and the price difference stated. In test mode the plan changes now and the
 * renewal date stays; with Stripe, the same subscription gets the new price and Stripe prorates.
 */
export function ChangePlanDialog({ subscription, testMode, plans, target, open, onOpenChange }: ChangePlanDialogProps) {
  const choices = plansToSwitchTo(plans, subscription)
  const [picked, setPicked] = useState<string | null>(null)
  const chosen = target ?? choices.find((plan) => plan.id === picked) ?? choices[0]
  const changePlan = useChangePlan()
  const legendId = useId()
  const current = plans.find((plan) => plan.id === subscription.planId)
  const renews = formatBillingDate(subscription.currentPeriodEnd)

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={target ? membershipMessages.changeTitle(target.name) : 'Change plan'}
        description={`You are on ${subscription.planName}${current ? ` (${formatPrice(current.priceCents)}/${current.interval})` : ''}.`}
      >
        {!target && choices.length > 1 ? (
          <fieldset className="grid gap-2" aria-labelledby={legendId}>
            <legend id={legendId} className="text-sm font-medium">
              New plan
            </legend>
            {choices.map((plan) => (
              <label key={plan.id} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  checked={chosen?.id === plan.id}
                  onChange={() => setPicked(plan.id)}
                />
                {plan.name}, {formatPrice(plan.priceCents)}/{plan.interval}
              </label>
            ))}
          </fieldset>
        ) : null}
        {chosen ? (
          <div className="grid gap-2 text-sm">
            <p>
              From <strong>{subscription.planName}</strong> to <strong>{chosen.name}</strong> (
              {formatPrice(chosen.priceCents)}/{chosen.interval})
              {priceDifference(plans, subscription, chosen) ? (
                <>
                  : <strong>{priceDifference(plans, subscription, chosen)}</strong>
                </>
              ) : null}
              .
            </p>
            <p className="text-muted-foreground">
              {testMode ? membershipMessages.changeInTestMode(renews) : membershipMessages.changeWithStripe(renews)}
            </p>
          </div>
        ) : (
          <p className="text-sm">There is no other plan to switch to.</p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Keep {subscription.planName}</Button>
          </DialogClose>
          {chosen ? (
            <Button
              disabled={changePlan.isPending}
              onClick={() => changePlan.mutate({ planId: chosen.id }, { onSuccess: () => onOpenChange(false) })}
            >
              Switch to {chosen.name}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  )
}
