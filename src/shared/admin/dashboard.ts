// The admin dashboard's own figures and cards (spec 002 §2 Admin dashboard; issue 22):
// what the platform looks like today, and the newest accounts with their sign-in
// tracking. The recent reviews and upcoming events cards belong to their areas.

/** The figures that matter, each counted by one indexed query at the moment of `asOf`. */
export type DashboardFigures = {
  /** every account */
  members: number
  /** members whose subscription gives access now (paid or in the free month) */
  subscribers: number
  /** monthly recurring revenue: the monthly price of every active paid subscription (a yearly plan counts a twelfth), in cents */
  mrrCents: number
  /** accounts created in the last `dashboardWeekDays` days */
  signUpsThisWeek: number
  /** resume reviews not reviewed yet (pending or in review) */
  openReviews: number
  /** job applications sent in the last `dashboardWeekDays` days */
  applicationsThisWeek: number
  asOf: string
}

/** One of the newest accounts (spec 002 §2 Recent Users: avatar, last login, IP, login count, role badge). */
export type RecentUser = {
  id: string
  name: string
  email: string
  avatarUrl: string | null
  isAdmin: boolean
  lastLoginAt: string | null
  lastIpAddress: string | null
  loginCount: number
  joinedAt: string
}

/** "This week" on the dashboard: the last seven days, whatever the weekday. */
export const dashboardWeekDays = 7

/** spec 002 §9: the dashboard lists 5 recent users. */
export const recentUsersShown = 5

export const dashboardMessages = {
  figuresLoadFailed: 'Failed to load the dashboard figures',
  recentUsersLoadFailed: 'Failed to load users',
  // spec 002 §8 empty state
  noUsers: 'No users found',
} as const
