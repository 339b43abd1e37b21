import { hashKey, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  ForgotPasswordInput,
  ResetPasswordInput,
  SessionUser,
  SignInInput,
  SignUpInput,
  TwoFactorCodeInput,
} from '#shared/accounts/schemas.ts'
import type { accountRoutes } from '#server/modules/accounts/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'

const accountsApi = apiClient<typeof accountRoutes>('/api/accounts')

export const providersQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'providers'] as const,
    queryFn: ({ signal }) => answer(accountsApi.providers.$get({}, { init: { signal } })),
    staleTime: Infinity,
  })

/** The server answered with the signed-in user: the session query holds it from now on. */
export function rememberUser(queryClient: QueryClient, user: SessionUser) {
  queryClient.setQueryData(sessionQuery().queryKey, { user })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput) => answer(accountsApi['sign-in'].$post({ json: input })),
    onSuccess: (result) => {
      if (!result.twoFactorRequired) rememberUser(queryClient, result.user)
    },
  })
}

export function useAdminSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput) => answer(accountsApi['admin-sign-in'].$post({ json: input })),
    onSuccess: (result) => {
      if (!result.twoFactorRequired) rememberUser(queryClient, result.user)
    },
  })
}

/** Second step of a sign-in when the member has two-factor on. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => answer(accountsApi['two-factor'].verify.$post({ json: input })),
    onSuccess: ({ user }) => rememberUser(queryClient, user),
  })
}

export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignUpInput) => answer(accountsApi['sign-up'].$post({ json: input })),
    onSuccess: ({ user }) => rememberUser(queryClient, user),
  })
}

/** Ends the session. The caller leaves the page first, then calls `forgetEverything`. */
export function useSignOut() {
  return useMutation({
    mutationFn: () => answer(accountsApi['sign-out'].$post()),
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
    mutationFn: (input: ForgotPasswordInput) => answer(accountsApi['forgot-password'].$post({ json: input })),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => answer(accountsApi['reset-password'].$post({ json: input })),
  })
}

/** Google sign-in: the server returns Google's address and the browser leaves for it. */
export async function startGoogleSignIn(callbackURL: string): Promise<void> {
  const { url } = await answer(accountsApi.google.$post({ json: { callbackURL } }))
  window.location.href = url
}
