import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  billingMessages,
  type AdminPlan,
  type CheckoutInput,
  type CheckoutResponse,
  type MyBilling,
  type Plan,
  type TestCheckout,
  type UpdatePlanInput,
} from '#shared/billing/schemas.ts'
import { apiFetch, messageOf } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'

// The only home of the billing area's query keys (ARCHITECTURE.md rule 6).
export const plansQuery = () =>
  queryOptions({ queryKey: ['billing', 'plans'] as const, queryFn: ({ signal }) => apiFetch<{ plans: Plan[] }>('/api/billing/plans', { signal }) })

export const myBillingQuery = () =>
  queryOptions({ queryKey: ['billing', 'me'] as const, queryFn: ({ signal }) => apiFetch<MyBilling>('/api/billing/me', { signal }) })

export const testCheckoutQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', checkoutId] as const,
    queryFn: ({ signal }) => apiFetch<TestCheckout>(`/api/billing/test-checkout/${encodeURIComponent(checkoutId)}`, { signal }),
    retry: false,
  })

export const adminPlansQuery = () =>
  queryOptions({ queryKey: ['billing', 'admin-plans'] as const, queryFn: ({ signal }) => apiFetch<{ plans: AdminPlan[] }>('/api/admin/plans', { signal }) })

/** Starts a checkout and sends the browser to Stripe (or to the local test checkout). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutInput) => apiFetch<CheckoutResponse>('/api/billing/checkout', { json: input }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(messageOf(error, billingMessages.promoFailed)),
  })
}

export function useCompleteTestCheckout(checkoutId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<{ redirectTo: string }>(`/api/billing/test-checkout/${encodeURIComponent(checkoutId)}/complete`, { method: 'POST' }),
    onSuccess: async () => {
      toast.success(billingMessages.testCheckoutCompleted)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ])
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/billing/portal', { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(messageOf(error, billingMessages.noPortalUrl)),
  })
}

export function useUpdatePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UpdatePlanInput }) => apiFetch<{ plan: AdminPlan }>(`/api/admin/plans/${encodeURIComponent(id)}`, { method: 'PUT', json: values }),
    onSuccess: () => {
      toast.success(billingMessages.planSaved)
      return queryClient.invalidateQueries({ queryKey: ['billing'] })
    },
    onError: (error) => toast.error(messageOf(error, billingMessages.planSaveFailed)),
  })
}
