import { hashKey, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  AuthProviders,
  ForgotPasswordInput,
  ResetPasswordInput,
  SessionUser,
  SignInInput,
  SignInResponse,
  SignUpInput,
  TwoFactorCodeInput,
} from '#shared/accounts/schemas.ts'
import { apiFetch } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'

export const providersQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'providers'] as const,
    queryFn: ({ signal }) => apiFetch<AuthProviders>('/api/accounts/providers', { signal }),
    staleTime: Infinity,
  })

/** The server answered with the signed-in user: the session query holds it from now on. */
export function rememberUser(queryClient: QueryClient, user: SessionUser) {
  queryClient.setQueryData(sessionQuery().queryKey, { user })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch<SignInResponse>('/api/accounts/sign-in', { json: input }),
    onSuccess: (result) => {
      if (!result.twoFactorRequired) rememberUser(queryClient, result.user)
    },
  })
}

export function useAdminSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch<SignInResponse>('/api/accounts/admin-sign-in', { json: input }),
    onSuccess: (result) => {
      if (!result.twoFactorRequired) rememberUser(queryClient, result.user)
    },
  })
}

/** Second step of a sign-in when the member has two-factor on. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      apiFetch<{ user: SessionUser }>('/api/accounts/two-factor/verify', { json: input }),
    onSuccess: ({ user }) => rememberUser(queryClient, user),
  })
}

export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignUpInput) => apiFetch<{ user: SessionUser }>('/api/accounts/sign-up', { json: input }),
    onSuccess: ({ user }) => rememberUser(queryClient, user),
  })
}

/** Ends the session. The caller leaves the page first, then calls `forgetEverything`. */
export function useSignOut() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/accounts/sign-out', { method: 'POST' }),
  })
}

/** After sign-out: nothing of the previous user stays in the cache, and the session reads signed out. */
export function forgetEverything(queryClient: QueryClient) {
  const sessionKey = sessionQuery().queryKey
  queryClient.setQueryData(sessionKey, { user: null })
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(sessionKey) })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiFetch<{ message: string }>('/api/accounts/forgot-password', { json: input }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiFetch<{ message: string }>('/api/accounts/reset-password', { json: input }),
  })
}

/** Google sign-in: the server returns Google's address and the browser leaves for it. */
export async function startGoogleSignIn(callbackURL: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/api/accounts/google', { json: { callbackURL } })
  window.location.href = url
}
