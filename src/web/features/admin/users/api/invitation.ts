import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AcceptInvitationInput } from '#shared/admin/users.ts'
import { answer } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'
import { accountsApi } from './clients.ts'

/** The invitation's link: the new password set, and the invitee signed in (the session query holds them from now on). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => answer(accountsApi.invitations.accept.$post({ json: input })),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery().queryKey, { user }),
  })
}
