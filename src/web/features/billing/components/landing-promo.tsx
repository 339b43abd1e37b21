import { useEffect, useState } from 'react'
import type { ActivePromo } from '#shared/billing/schemas.ts'
import { rememberPromoShown } from '#web/features/billing/api/promo.ts'
import { PromoDialog } from '#web/features/billing/components/promo-dialog.tsx'

/** The promo pop-up of the landing page (spec 000 §1), opened once per browser session. */
export function LandingPromo({ promo }: { promo: NonNullable<ActivePromo['promo']> }) {
  const [open, setOpen] = useState(true)
  useEffect(() => rememberPromoShown(), [])
  return <PromoDialog promo={promo} open={open} onOpenChange={setOpen} />
}
