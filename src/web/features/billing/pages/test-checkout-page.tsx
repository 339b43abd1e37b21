import { FlaskConical } from 'lucide-react'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { billingMessages, formatPrice } from '#shared/billing/schemas.ts'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { ApiError, messageOf } from '#web/lib/api.ts'
import { testCheckoutQuery, useCompleteTestCheckout } from '#web/features/billing/api/billing.ts'
import { PageTitle } from '#web/components/page-title.tsx'

/**
 * The checkout of the embedded default (no Stripe keys): clearly test mode, no card
 * charged; completing it goes through the same subscription service as Stripe's webhook.
 */
export function TestCheckoutPage() {
  const { checkoutId = '' } = useParams()
  const navigate = useNavigate()
  const checkout = useQuery(testCheckoutQuery(checkoutId))
  const complete = useCompleteTestCheckout(checkoutId)

  if (checkout.isPending) {
    return (
      <p role="status" className="px-4 py-10 text-center text-muted-foreground">
        Loading…
      </p>
    )
  }
  const open = checkout.data?.status === 'open' ? checkout.data : null
  // not found, not yours, not a checkout id or already completed all read the same; other failures say what they are
  const gone = !checkout.isError || (checkout.error instanceof ApiError && [400, 404].includes(checkout.error.status))

  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 px-4 py-10 sm:px-6">
      <PageTitle>Test Checkout</PageTitle>
      <h1 className="text-3xl font-semibold tracking-tight">Test checkout</h1>
      <p
        role="note"
        className="flex items-center gap-2 rounded-lg border border-accent/60 bg-accent/10 px-4 py-3 font-medium"
      >
        <FlaskConical aria-hidden="true" className="size-5 text-accent" />
        Test mode: no card is charged
      </p>
      {open ? (
        <Card>
          <CardHeader>
            <CardTitle>{open.planName}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p>
              <span className="text-2xl font-semibold">{formatPrice(open.priceCents)}</span> per month
            </p>
            {open.trialDays > 0 ? <p className="font-medium text-accent">First {open.trialDays} days free</p> : null}
            <div className="flex flex-wrap gap-2">
              <Button
                // once completed the browser is on its way to the club: no second press
                disabled={complete.isPending || complete.isSuccess}
                onClick={() =>
                  complete.mutate(undefined, {
                    onSuccess: ({ redirectTo }) => void navigate(redirectTo, { replace: true }),
                  })
                }
              >
                Complete test purchase
              </Button>
              <Link to={pathTo('subscription')} className={buttonClasses('ghost')}>
                Cancel
              </Link>
            </div>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-3">
          <p role="alert">{gone ? billingMessages.testCheckoutNotFound : messageOf(checkout.error)}</p>
          <Link to={pathTo('subscription')} className="w-fit text-accent underline underline-offset-4">
            Back to the plans
          </Link>
        </div>
      )}
    </div>
  )
}
