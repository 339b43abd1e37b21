import type { userDeletionRoutes } from '#server/compose/user-deletion/routes.ts'
import type { adminUserRoutes } from '#server/modules/admin/users/routes.ts'
import type { accountRoutes } from '#server/modules/accounts/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The typed clients of admin user management, one per server route group (mount
// bases: src/server/app.ts): the admin area's routes, the delete composed above
// the areas on the same prefix, and the public accept of an invitation.

const adminUsersBase = '/api/admin/users'

export const adminUsersApi = apiClient<typeof adminUserRoutes>(adminUsersBase)
export const userDeletionApi = apiClient<typeof userDeletionRoutes>(adminUsersBase)
export const accountsApi = apiClient<typeof accountRoutes>('/api/accounts')

/** A user's id as a path segment. */
export const userParam = (userId: string) => ({ userId: encodeURIComponent(userId) })

/** Every user as CSV (a plain download link: the browser saves the attachment as it streams). */
export const exportUsersUrl = `${adminUsersBase}/export.csv`
