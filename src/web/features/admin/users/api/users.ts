import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { adminUserMessages, type AdminUserRow, type CreateUserInput } from '#shared/admin/users.ts'
import { answer } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { adminUsersApi, userDeletionApi, userParam } from './clients.ts'
import { adminUserKeys } from './keys.ts'

// spec 002 §2 User management (issue 22): the table, a user's details and the
// admins' comments, the admin flag, delete, add user (an invitation goes out).

/** One page of the table: the search (e-mail, first or last name) and the cursor of the page. */
export const usersPageQuery = (q: string, cursor: string) =>
  queryOptions({
    queryKey: adminUserKeys.list(q, cursor),
    queryFn: ({ signal }) =>
      answer(
        adminUsersApi.index.$get({ query: { q: q || undefined, cursor: cursor || undefined } }, { init: { signal } }),
      ),
    // the previous page stays on screen while the next loads
    placeholderData: keepPreviousData,
  })

export const userDetailsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminUserKeys.details(userId),
    queryFn: ({ signal }) => answer(adminUsersApi[':userId'].$get({ param: userParam(userId) }, { init: { signal } })),
  })

export const userCommentsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminUserKeys.comments(userId),
    queryFn: ({ signal }) =>
      answer(adminUsersApi[':userId'].comments.$get({ param: userParam(userId) }, { init: { signal } })),
  })

/** Every page showing users follows the other admins' changes (and imports) as they happen. */
export function useLiveUsers() {
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.all })
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.dashboard })
  }
  useLiveTopic('admin', (message) => message.type === 'users.changed' && refresh(), refresh)
}

/** What a write to users changes: the table, details, and the dashboard's figures and recent users. */
function useRefreshUsers() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminUserKeys.dashboard }),
    ])
}

/** spec 002 §4: the admin flag toggles between User and Admin. */
export function useSetAdmin() {
  const refresh = useRefreshUsers()
  return useToastedMutation({
    mutationFn: ({ user, isAdmin }: { user: AdminUserRow; isAdmin: boolean }) =>
      answer(adminUsersApi[':userId'].admin.$put({ param: userParam(user.id), json: { isAdmin } })),
    success: adminUserMessages.updated,
    failure: adminUserMessages.updateFailed,
    onSuccess: () => void refresh(),
  })
}

/** spec 002 §6: after the confirmation; the dialog says why a delete failed. */
export function useDeleteUser() {
  const refresh = useRefreshUsers()
  return useToastedMutation({
    mutationFn: (userId: string) => answer(userDeletionApi[':userId'].$delete({ param: userParam(userId) })),
    success: adminUserMessages.deleted,
    onSuccess: () => void refresh(),
  })
}

/** spec 002 §5 Add user: the account is made and its invitation e-mail queued; the dialog says why a try failed. */
export function useCreateUser() {
  const refresh = useRefreshUsers()
  return useToastedMutation({
    mutationFn: (input: CreateUserInput) => answer(adminUsersApi.index.$post({ json: input })),
    success: adminUserMessages.created,
    onSuccess: () => void refresh(),
  })
}

export function useResendInvitation() {
  const refresh = useRefreshUsers()
  return useToastedMutation({
    mutationFn: (userId: string) => answer(adminUsersApi[':userId'].invitation.$post({ param: userParam(userId) })),
    success: (result) => result.message,
    failure: adminUserMessages.updateFailed,
    onSuccess: () => void refresh(),
  })
}

export function useAddAdminComment(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (content: string) =>
      answer(adminUsersApi[':userId'].comments.$post({ param: userParam(userId), json: { content } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.comments(userId) }),
  })
}
