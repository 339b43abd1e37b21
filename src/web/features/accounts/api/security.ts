import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  ChangePasswordInput,
  PasswordConfirmInput,
  SessionUser,
  TwoFactorCodeInput,
} from '#shared/accounts/schemas.ts'
import { apiFetch } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'

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
      apiFetch<TwoFactorEnrolment>('/api/accounts/security/two-factor/enable', { json: input }),
  })
}

/** Confirms enrolment with a first code; the server replaces the session cookie. */
export function useConfirmTwoFactor() {
  const onSuccess = useUserUpdate()
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      apiFetch<{ user: SessionUser }>('/api/accounts/security/two-factor/confirm', { json: input }),
    onSuccess,
  })
}

export function useDisableTwoFactor() {
  const onSuccess = useUserUpdate()
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) =>
      apiFetch<{ user: SessionUser }>('/api/accounts/security/two-factor/disable', { json: input }),
    onSuccess,
  })
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/accounts/security/sessions/revoke-others', { method: 'POST' }),
  })
}

/** spec 001 §8 Password: other sessions end; this one gets a fresh cookie from the server. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiFetch<{ message: string }>('/api/accounts/security/password', { json: input }),
  })
}
