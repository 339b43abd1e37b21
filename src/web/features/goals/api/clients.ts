import type { adminRoutineRoutes, goalRoutes, routineRoutes } from '#server/modules/goals/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The goals area's typed clients, one per server route group (mount bases: src/server/app.ts).

/** The member's own career goals. */
export const goalsApi = apiClient<typeof goalRoutes>('/api/goals')
/** The member's own daily routine, its calendar and settings. */
export const routineApi = apiClient<typeof routineRoutes>('/api/routine')
/** The quote, coach's tip and challenge of a day (admins). */
export const adminRoutineApi = apiClient<typeof adminRoutineRoutes>('/api/admin/routine')
