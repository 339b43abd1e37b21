import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ActivePromo } from '#shared/billing/schemas.ts'
import { useViewer } from '#web/lib/session.ts'
import { myBillingQuery } from '#web/features/billing/api/plans.ts'
import { rememberPromoShown } from '#web/features/billing/api/promo.ts'
import { PromoDialog } from '#web/features/billing/components/promo-dialog.tsx'

/**
 * The promo pop-up of the landing page (spec 000 §1), opened once per browser session, and
 * not for a member who already claimed or used the free month (issue 12).
 */
export function LandingPromo({ promo }: { promo: NonNullable<ActivePromo['promo']> }) {
  const { user } = useViewer()
  const billing = useQuery({ ...myBillingQuery(), enabled: Boolean(user) })
  const offered = !user || (billing.isSuccess && !billing.data.promoClaimed)
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => {
    if (offered) rememberPromoShown()
  }, [offered])
  return <PromoDialog promo={promo} open={offered && !dismissed} onOpenChange={(open) => setDismissed(!open)} />
}
