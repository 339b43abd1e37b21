import { useState } from 'react'
import { Gift } from 'lucide-react'
import { useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import type { ActivePromo } from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useViewer } from '#web/lib/session.ts'
import { fullAccessPlan, plansQuery, useStartCheckout } from '#web/features/billing/api/plans.ts'
import { rememberPromoSettled } from '#web/features/billing/api/promo.ts'

type PromoDialogProps = {
  promo: NonNullable<ActivePromo['promo']>
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The limited-time free month (spec 000 §1, §4 Promo). A visitor claiming it signs in
 * first and comes back to /subscription?promo=CODE; a member goes straight to checkout
 * with the full-access plan and the code (the server grants the 30-day trial once).
 * A refusal shows inside the dialog: the landing page mounts no toaster. Claimed or dismissed,
 * it does not open again in this browser (issue 12: it used to ask again on /subscription).
 */
export function PromoDialog({ promo, open, onOpenChange }: PromoDialogProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { user } = useViewer()
  const checkout = useStartCheckout()
  const [claiming, setClaiming] = useState(false)
  const [error, setError] = useState<string | null>(null)

  function close(next: boolean) {
    if (!next) rememberPromoSettled()
    onOpenChange(next)
  }

  async function claim() {
    rememberPromoSettled()
    if (!user) {
      void navigate(pathTo('login'), { state: { from: pathTo('subscription'), promo: promo.code } })
      return
    }
    setError(null)
    setClaiming(true)
    try {
      const plan = fullAccessPlan((await queryClient.fetchQuery(plansQuery())).plans)
      if (!plan) {
        // no paid plan to put the free month on: let the member choose on the plans page
        void navigate(`${pathTo('subscription')}?promo=${encodeURIComponent(promo.code)}`)
        return
      }
      await checkout.mutateAsync({ planId: plan.id, promoCode: promo.code })
      // the browser is leaving for the checkout: the button stays disabled
    } catch (failure) {
      setError(messageOf(failure))
      setClaiming(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={promo.headline} description={promo.text}>
        <p className="flex items-center gap-2 text-sm">
          <Gift aria-hidden="true" className="size-4 text-accent" />
          Promo code <strong className="font-mono tracking-wider">{promo.code}</strong>
        </p>
        {/* not FieldError: its chunk carries the form library, too heavy for the landing page */}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => close(false)}>
            No thanks
          </Button>
          <Button onClick={() => void claim()} disabled={claiming}>
            Claim my free month
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
