import { Gift } from 'lucide-react'
import { useNavigate } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { useViewer } from '#web/lib/session.ts'
import { plansQuery, useStartCheckout } from '#web/features/billing/api/billing.ts'

type PromoDialogProps = {
  promo: { code: string; headline: string; text: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The limited-time free month (spec 000 §1, §4 Promo). A visitor claiming it signs in
 * first and comes back to /subscription?promo=CODE; a member goes straight to checkout
 * with the full-access plan and the code (the server grants the 30-day trial once).
 */
export function PromoDialog({ promo, open, onOpenChange }: PromoDialogProps) {
  const navigate = useNavigate()
  const { user } = useViewer()
  const plans = useQuery({ ...plansQuery(), enabled: open && Boolean(user) })
  const checkout = useStartCheckout()

  function claim() {
    if (!user) {
      void navigate('/login', { state: { from: '/subscription', promo: promo.code } })
      return
    }
    const plan = plans.data?.plans.find((candidate) => candidate.priceCents > 0)
    if (plan) checkout.mutate({ planId: plan.id, promoCode: promo.code })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={promo.headline} description={promo.text}>
        <p className="flex items-center gap-2 text-sm">
          <Gift aria-hidden="true" className="size-4 text-accent" />
          Promo code <strong className="font-mono tracking-wider">{promo.code}</strong>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            No thanks
          </Button>
          <Button onClick={claim} disabled={checkout.isPending || (Boolean(user) && plans.isPending)}>
            Claim my free month
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
