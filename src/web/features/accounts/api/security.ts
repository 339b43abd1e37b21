import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  ChangePasswordInput,
  PasswordConfirmInput,
  SessionUser,
  TwoFactorCodeInput,
} from '#shared/accounts/schemas.ts'
import type { accountRoutes } from '#server/modules/accounts/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'

const accountsApi = apiClient<typeof accountRoutes>('/api/accounts')

export type TwoFactorEnrolment = { totpURI: string; qrCodeDataUrl: string; backupCodes: string[] }

function useUserUpdate() {
  const queryClient = useQueryClient()
  return ({ user }: { user: SessionUser }) => {
    queryClient.setQueryData(sessionQuery().queryKey, { user })
    return queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey })
  }
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) =>
      answer(accountsApi.security['two-factor'].enable.$post({ json: input })),
  })
}

/** Confirms enrolment with a first code; the server replaces the session cookie. */
export function useConfirmTwoFactor() {
  const onSuccess = useUserUpdate()
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      answer(accountsApi.security['two-factor'].confirm.$post({ json: input })),
    onSuccess,
  })
}

export function useDisableTwoFactor() {
  const onSuccess = useUserUpdate()
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) =>
      answer(accountsApi.security['two-factor'].disable.$post({ json: input })),
    onSuccess,
  })
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () => answer(accountsApi.security.sessions['revoke-others'].$post()),
  })
}

/** spec 001 §8 Password: other sessions end; this one gets a fresh cookie from the server. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => answer(accountsApi.security.password.$post({ json: input })),
  })
}
