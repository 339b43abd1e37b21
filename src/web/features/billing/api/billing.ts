import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  billingMessages,
  paymentMessages,
  type AdminPlan,
  type MemberWithSeveralSubscriptions,
  type MyBilling,
  type TestCheckout,
  type UpdatePlanInput,
} from '#shared/billing/schemas.ts'
import { apiFetch, messageOf } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'
import { plansQuery } from '#web/features/billing/api/plans.ts'

// The billing area's query keys live here and in plans.ts and promo.ts, the two light
// modules the landing page may load (ARCHITECTURE.md rule 6).

export const myBillingQuery = () =>
  queryOptions({ queryKey: ['billing', 'me'] as const, queryFn: ({ signal }) => apiFetch<MyBilling>('/api/billing/me', { signal }) })

export const testCheckoutQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', checkoutId] as const,
    queryFn: ({ signal }) => apiFetch<TestCheckout>(`/api/billing/test-checkout/${encodeURIComponent(checkoutId)}`, { signal }),
    retry: false,
    // a checkout is completed once: coming back to it asks the server again
    staleTime: 0,
  })

export const adminPlansQuery = () =>
  queryOptions({ queryKey: ['billing', 'admin-plans'] as const, queryFn: ({ signal }) => apiFetch<{ plans: AdminPlan[] }>('/api/admin/plans', { signal }) })

export const severalSubscriptionsQuery = () =>
  queryOptions({
    queryKey: ['billing', 'admin-several-subscriptions'] as const,
    queryFn: ({ signal }) => apiFetch<{ members: MemberWithSeveralSubscriptions[] }>('/api/admin/plans/several-subscriptions', { signal }),
  })

/** Completes the local test checkout; the session (subscribed) and the billing summary are read again before the caller moves on. */
export function useCompleteTestCheckout(checkoutId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<{ redirectTo: string }>(`/api/billing/test-checkout/${encodeURIComponent(checkoutId)}/complete`, { method: 'POST' }),
    onSuccess: async () => {
      toast.success(billingMessages.testCheckoutCompleted)
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
    onError: (error) => toast.error(messageOf(error, billingMessages.planSaveFailed)),
  })
}
