import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { VerifyEmailInput } from '#shared/accounts/schemas.ts'
import type { accountRoutes } from '#server/modules/accounts/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'

const accountsApi = apiClient<typeof accountRoutes>('/api/accounts')

// E-mail verification (decision 014). Both answers may change what the session
// says (the server renews its cookie), so the session is read again after them.

function useSessionRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey })
}

/** Opens the link of the verification mail: single use, so the page calls it once per token. */
export function useVerifyEmail() {
  const onSettled = useSessionRefresh()
  return useMutation({
    mutationFn: (input: VerifyEmailInput) => answer(accountsApi['verify-email'].$post({ json: input })),
    onSettled,
  })
}

/** A new link for the signed-in member (a few an hour per address). */
export function useResendVerification() {
  const onSuccess = useSessionRefresh()
  return useMutation({
    mutationFn: () => answer(accountsApi['verify-email'].resend.$post()),
    onSuccess,
  })
}
