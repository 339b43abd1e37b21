import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  billingMessages,
  membershipMessages,
  paymentMessages,
  type ChangePlanInput,
  type MyBilling,
  type UpdatePlanInput,
} from '#shared/billing/schemas.ts'
import type { adminPlanRoutes, billingRoutes } from '#server/modules/billing/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer, messageOf } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'
import { myBillingQuery, plansQuery } from '#web/features/billing/api/plans.ts'

// The billing area's query keys live here and in plans.ts and promo.ts, the two light
// modules the landing page may load (ARCHITECTURE.md rule 6).

export { myBillingQuery }

const billingApi = apiClient<typeof billingRoutes>('/api/billing')
const adminPlansApi = apiClient<typeof adminPlanRoutes>('/api/admin/plans')

const dateFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' })

/** A membership date as members read it: 'June 3, 2026'. */
export function formatBillingDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : 'the end of the period'
}

export const testCheckoutQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', checkoutId] as const,
    queryFn: ({ signal }) =>
      answer(
        billingApi['test-checkout'][':checkoutId'].$get(
          { param: { checkoutId: encodeURIComponent(checkoutId) } },
          { init: { signal } },
        ),
      ),
    retry: false,
    // a checkout is completed once: coming back to it asks the server again
    staleTime: 0,
  })

export const adminPlansQuery = () =>
  queryOptions({
    queryKey: ['billing', 'admin-plans'] as const,
    queryFn: ({ signal }) => answer(adminPlansApi.index.$get({}, { init: { signal } })),
  })

export const severalSubscriptionsQuery = () =>
  queryOptions({
    queryKey: ['billing', 'admin-several-subscriptions'] as const,
    queryFn: ({ signal }) => answer(adminPlansApi['several-subscriptions'].$get({}, { init: { signal } })),
  })

/** Completes the local test checkout; the session (subscribed) and the billing summary are read again before the caller moves on. */
export function useCompleteTestCheckout(checkoutId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      answer(
        billingApi['test-checkout'][':checkoutId'].complete.$post({
          param: { checkoutId: encodeURIComponent(checkoutId) },
        }),
      ),
    onSuccess: async ({ planName }) => {
      toast.success(membershipMessages.checkoutCompleted(planName))
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: myBillingQuery().queryKey }),
      ])
    },
    onError: (error) => toast.error(messageOf(error, paymentMessages.DEFAULT)),
  })
}

/** spec 001 §7: the Stripe billing portal, returning to /settings. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => answer(billingApi.portal.$post()),
    onSuccess: ({ url }) => {
      if (url) window.location.assign(url)
      else toast.error(billingMessages.noPortalUrl)
    },
    onError: (error) => toast.error(messageOf(error, paymentMessages.PORTAL_FAILED)),
  })
}

/**
 * A change of the member's own membership (decision 013). The answer is the billing summary
 * after the change; the session is read again (its cached 'subscribed' may have moved).
 */
function useMembershipChange<TInput>(
  request: (input: TInput) => Promise<MyBilling>,
  success: (billing: MyBilling) => string,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: async (billing) => {
      queryClient.setQueryData(myBillingQuery().queryKey, billing)
      toast.success(success(billing))
      await queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey })
    },
    onError: (error) => toast.error(messageOf(error, billingMessages.membershipUpdateFailed)),
  })
}

export function useCancelMembership() {
  return useMembershipChange(
    () => answer(billingApi.subscription.cancel.$post()),
    ({ subscription }) =>
      membershipMessages.canceled(subscription?.planName ?? '', formatBillingDate(subscription?.currentPeriodEnd)),
  )
}

export function useResumeMembership() {
  return useMembershipChange(
    () => answer(billingApi.subscription.resume.$post()),
    ({ subscription }) =>
      membershipMessages.resumed(subscription?.planName ?? '', formatBillingDate(subscription?.currentPeriodEnd)),
  )
}

export function useChangePlan() {
  return useMembershipChange(
    (input: ChangePlanInput) => answer(billingApi.subscription['change-plan'].$post({ json: input })),
    ({ subscription }) => membershipMessages.changed(subscription?.planName ?? ''),
  )
}

export function useUpdatePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UpdatePlanInput }) =>
      answer(adminPlansApi[':planId'].$put({ param: { planId: encodeURIComponent(id) }, json: values })),
    onSuccess: () => {
      toast.success(billingMessages.planSaved)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPlansQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: plansQuery().queryKey }),
      ])
    },
    // no toast on failure: the plan form says why, once (lib/form-errors.ts)
  })
}
