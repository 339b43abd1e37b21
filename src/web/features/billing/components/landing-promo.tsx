import { useState } from 'react'
import type { ActivePromo } from '#shared/billing/schemas.ts'
import { promoShownKey } from '#web/features/billing/api/promo.ts'
import { PromoDialog } from '#web/features/billing/components/promo-dialog.tsx'

/** The promo pop-up of the landing page (spec 000 §1), opened once per browser session. */
export function LandingPromo({ promo }: { promo: NonNullable<ActivePromo['promo']> }) {
  const [open, setOpen] = useState(() => {
    sessionStorage.setItem(promoShownKey, '1')
    return true
  })
  return <PromoDialog promo={promo} open={open} onOpenChange={setOpen} />
}
