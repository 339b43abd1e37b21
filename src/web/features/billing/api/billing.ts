import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  billingMessages,
  membershipMessages,
  paymentMessages,
  type AdminPlan,
  type ChangePlanInput,
  type MemberWithSeveralSubscriptions,
  type MyBilling,
  type TestCheckout,
  type TestCheckoutCompleted,
  type UpdatePlanInput,
} from '#shared/billing/schemas.ts'
import { apiFetch, messageOf } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'
import { myBillingQuery, plansQuery } from '#web/features/billing/api/plans.ts'

// The billing area's query keys live here and in plans.ts and promo.ts, the two light
// modules the landing page may load (ARCHITECTURE.md rule 6).

export { myBillingQuery }

const dateFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' })

/** A membership date as members read it: 'June 3, 2026'. */
export function formatBillingDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : 'the end of the period'
}

export const testCheckoutQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', checkoutId] as const,
    queryFn: ({ signal }) =>
      apiFetch<TestCheckout>(`/api/billing/test-checkout/${encodeURIComponent(checkoutId)}`, { signal }),
    retry: false,
    // a checkout is completed once: coming back to it asks the server again
    staleTime: 0,
  })

export const adminPlansQuery = () =>
  queryOptions({
    queryKey: ['billing', 'admin-plans'] as const,
    queryFn: ({ signal }) => apiFetch<{ plans: AdminPlan[] }>('/api/admin/plans', { signal }),
  })

export const severalSubscriptionsQuery = () =>
  queryOptions({
    queryKey: ['billing', 'admin-several-subscriptions'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ members: MemberWithSeveralSubscriptions[] }>('/api/admin/plans/several-subscriptions', { signal }),
  })

/** Completes the local test checkout; the session (subscribed) and the billing summary are read again before the caller moves on. */
export function useCompleteTestCheckout(checkoutId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiFetch<TestCheckoutCompleted>(`/api/billing/test-checkout/${encodeURIComponent(checkoutId)}/complete`, {
        method: 'POST',
      }),
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
    mutationFn: () => apiFetch<{ url: string }>('/api/billing/portal', { method: 'POST' }),
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
    () => apiFetch<MyBilling>('/api/billing/subscription/cancel', { method: 'POST' }),
    ({ subscription }) =>
      membershipMessages.canceled(subscription?.planName ?? '', formatBillingDate(subscription?.currentPeriodEnd)),
  )
}

export function useResumeMembership() {
  return useMembershipChange(
    () => apiFetch<MyBilling>('/api/billing/subscription/resume', { method: 'POST' }),
    ({ subscription }) =>
      membershipMessages.resumed(subscription?.planName ?? '', formatBillingDate(subscription?.currentPeriodEnd)),
  )
}

export function useChangePlan() {
  return useMembershipChange(
    (input: ChangePlanInput) => apiFetch<MyBilling>('/api/billing/subscription/change-plan', { json: input }),
    ({ subscription }) => membershipMessages.changed(subscription?.planName ?? ''),
  )
}

export function useUpdatePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UpdatePlanInput }) =>
      apiFetch<{ plan: AdminPlan }>(`/api/admin/plans/${encodeURIComponent(id)}`, { method: 'PUT', json: values }),
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
