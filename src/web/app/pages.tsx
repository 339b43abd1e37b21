import { lazy, type ReactElement } from 'react'
import { Navigate } from 'react-router'
import { pathTo, type PageName } from '#shared/pages.ts'
import type { MenuItem } from '#web/app/menus.ts'
import { LandingPage } from '#web/app/landing-page.tsx'

// What each page of the shared table (src/shared/pages.ts, where its path and access
// are) is on the web: its component, the layout it sits in and its menu entries
// (docs/decisions/019). The table is exhaustive: a page without an entry here, or an
// entry without a page, does not compile. router.tsx and menus.ts are built from it.
//
// Every page but the landing page loads lazily, so '/' ships little JavaScript
// (ARCHITECTURE.md, performance budgets). Features meet here and only here.
const LoginPage = lazy(() =>
  import('#web/features/accounts/pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
)
const CreateAccountPage = lazy(() =>
  import('#web/features/accounts/pages/create-account-page.tsx').then((m) => ({ default: m.CreateAccountPage })),
)
const ResetPasswordPage = lazy(() =>
  import('#web/features/accounts/pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
)
const VerifyEmailPage = lazy(() =>
  import('#web/features/accounts/pages/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })),
)
const AcceptInvitationPage = lazy(() =>
  import('#web/features/admin/users/pages/accept-invitation-page.tsx').then((m) => ({
    default: m.AcceptInvitationPage,
  })),
)
const AdminUsersPage = lazy(() =>
  import('#web/features/admin/users/pages/admin-users-page.tsx').then((m) => ({ default: m.AdminUsersPage })),
)
const AdminUserPage = lazy(() =>
  import('#web/features/admin/users/pages/admin-user-page.tsx').then((m) => ({ default: m.AdminUserPage })),
)
const SettingsPage = lazy(() => import('#web/app/settings-page.tsx').then((m) => ({ default: m.SettingsPage })))
const SubscriptionPage = lazy(() =>
  import('#web/features/billing/pages/subscription-page.tsx').then((m) => ({ default: m.SubscriptionPage })),
)
const TestCheckoutPage = lazy(() =>
  import('#web/features/billing/pages/test-checkout-page.tsx').then((m) => ({ default: m.TestCheckoutPage })),
)
const PrestigeClubRoute = lazy(() =>
  import('#web/app/prestige-club-route.tsx').then((m) => ({ default: m.PrestigeClubRoute })),
)
const AdminSettingsPage = lazy(() =>
  import('#web/features/admin/settings/admin-settings-page.tsx').then((m) => ({ default: m.AdminSettingsPage })),
)
const AdminPlansPage = lazy(() =>
  import('#web/features/billing/pages/admin-plans-page.tsx').then((m) => ({ default: m.AdminPlansPage })),
)
const DashboardRoute = lazy(() => import('#web/app/dashboard-route.tsx').then((m) => ({ default: m.DashboardRoute })))
const AdminIndexRoute = lazy(() =>
  import('#web/app/admin-index-route.tsx').then((m) => ({ default: m.AdminIndexRoute })),
)
const MailboxPage = lazy(() =>
  import('#web/features/dev-mail/pages/mailbox-page.tsx').then((m) => ({ default: m.MailboxPage })),
)
const CommunityRoute = lazy(() => import('#web/app/community-route.tsx').then((m) => ({ default: m.CommunityRoute })))
const FaqsPage = lazy(() => import('#web/features/site/pages/faqs-page.tsx').then((m) => ({ default: m.FaqsPage })))
const PrivacyPage = lazy(() =>
  import('#web/features/site/pages/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage })),
)
const TermsPage = lazy(() => import('#web/features/site/pages/terms-page.tsx').then((m) => ({ default: m.TermsPage })))
const PartnersPage = lazy(() =>
  import('#web/features/site/pages/partners-page.tsx').then((m) => ({ default: m.PartnersPage })),
)
const AboutPage = lazy(() => import('#web/features/site/pages/about-page.tsx').then((m) => ({ default: m.AboutPage })))
const ProfileRoute = lazy(() => import('#web/app/profile-route.tsx').then((m) => ({ default: m.ProfileRoute })))
const ContactPage = lazy(() =>
  import('#web/features/contact/pages/contact-page.tsx').then((m) => ({ default: m.ContactPage })),
)
const BusinessPage = lazy(() =>
  import('#web/features/business/pages/business-page.tsx').then((m) => ({ default: m.BusinessPage })),
)
const AdminInboxPage = lazy(() =>
  import('#web/features/inbox/pages/admin-inbox-page.tsx').then((m) => ({ default: m.AdminInboxPage })),
)
const AdminQueuePage = lazy(() =>
  import('#web/features/queue-admin/pages/admin-queue-page.tsx').then((m) => ({ default: m.AdminQueuePage })),
)
const JobsPage = lazy(() => import('#web/features/jobs/pages/jobs-page.tsx').then((m) => ({ default: m.JobsPage })))
const JobDetailPage = lazy(() =>
  import('#web/features/jobs/pages/job-detail-page.tsx').then((m) => ({ default: m.JobDetailPage })),
)
const AdminJobsPage = lazy(() =>
  import('#web/features/jobs/pages/admin-jobs-page.tsx').then((m) => ({ default: m.AdminJobsPage })),
)
const AdminAuditPage = lazy(() =>
  import('#web/features/audit/pages/admin-audit-page.tsx').then((m) => ({ default: m.AdminAuditPage })),
)
const SavedRoute = lazy(() => import('#web/app/saved-route.tsx').then((m) => ({ default: m.SavedRoute })))
// one chunk for the three member pages of courses: one import here instead of three
const coursePages = () => import('#web/features/courses/pages/member-pages.ts')
const BrowsePage = lazy(() => coursePages().then((m) => ({ default: m.BrowsePage })))
const MarketplacePage = lazy(() => coursePages().then((m) => ({ default: m.MarketplacePage })))
const CourseDetailPage = lazy(() => coursePages().then((m) => ({ default: m.CourseDetailPage })))
const AdminCoursesPage = lazy(() =>
  import('#web/features/courses/pages/admin-courses-page.tsx').then((m) => ({ default: m.AdminCoursesPage })),
)
const AdminCourseNewPage = lazy(() =>
  import('#web/features/courses/pages/admin-course-new-page.tsx').then((m) => ({ default: m.AdminCourseNewPage })),
)
const AdminCourseEditPage = lazy(() =>
  import('#web/features/courses/pages/admin-course-edit-page.tsx').then((m) => ({ default: m.AdminCourseEditPage })),
)
const AdminCourseModulesPage = lazy(() =>
  import('#web/features/courses/pages/admin-course-modules-page.tsx').then((m) => ({
    default: m.AdminCourseModulesPage,
  })),
)
const EventsPage = lazy(() =>
  import('#web/features/events/pages/events-page.tsx').then((m) => ({ default: m.EventsPage })),
)
const EventRegistrationPage = lazy(() =>
  import('#web/features/events/pages/event-registration-page.tsx').then((m) => ({ default: m.EventRegistrationPage })),
)
const AdminEventsPage = lazy(() =>
  import('#web/features/events/pages/admin-events-page.tsx').then((m) => ({ default: m.AdminEventsPage })),
)
// one chunk for the two member pages of the blog
const blogPages = () => import('#web/features/blog/pages/member-pages.ts')
const BlogPage = lazy(() => blogPages().then((m) => ({ default: m.BlogPage })))
const BlogPostPage = lazy(() => blogPages().then((m) => ({ default: m.BlogPostPage })))
const AdminBlogPage = lazy(() =>
  import('#web/features/blog/pages/admin-blog-page.tsx').then((m) => ({ default: m.AdminBlogPage })),
)
const LayoffsPage = lazy(() =>
  import('#web/features/layoffs/pages/layoffs-page.tsx').then((m) => ({ default: m.LayoffsPage })),
)
const AdminLayoffsPage = lazy(() =>
  import('#web/features/layoffs/pages/admin-layoffs-page.tsx').then((m) => ({ default: m.AdminLayoffsPage })),
)
const ResumeReviewPage = lazy(() =>
  import('#web/features/resumes/pages/resume-review-page.tsx').then((m) => ({ default: m.ResumeReviewPage })),
)
const AdminResumeReviewPage = lazy(() =>
  import('#web/features/resumes/pages/admin-resume-review-page.tsx').then((m) => ({
    default: m.AdminResumeReviewPage,
  })),
)
const CareerChatPage = lazy(() =>
  import('#web/features/chat/pages/career-chat-page.tsx').then((m) => ({ default: m.CareerChatPage })),
)
// one chunk for the two routine pages of the dashboard (issue 21)
const routinePages = () => import('#web/features/goals/pages/routine-pages.ts')
const DailyRoutinePage = lazy(() => routinePages().then((m) => ({ default: m.DailyRoutinePage })))
const CalendarPage = lazy(() => routinePages().then((m) => ({ default: m.CalendarPage })))

/**
 * Where a page sits: 'public', the public pages' layout (public header, site footer:
 * decision 015); 'admin', inside the admin area's frame; by default, the app shell alone.
 */
export type PageLayout = 'public' | 'admin'

export type BuiltPage = {
  element: ReactElement
  layout?: PageLayout
  /** Its entries in the header's menus: each menu lists them in the order of this table. */
  menus?: MenuItem[]
}

/**
 * A page of the spec whose area has not landed (`{ element: null }`; every page has
 * landed now). It has no route, so whoever may open it sees 'Page not found' (the
 * others meet the guard first), and nothing links to it (decision 015).
 */
export type PlannedPage = { element: null; layout?: undefined; menus?: undefined }

// In the menus' order: each menu lists its entries as they come here.
export const webPages: Record<PageName, BuiltPage | PlannedPage> = {
  home: { element: <LandingPage />, layout: 'public' },
  login: {
    element: <LoginPage />,
    menus: [{ menu: 'signed-out', label: 'Sign In' }],
  },
  createAccount: { element: <CreateAccountPage /> },
  resetPassword: { element: <ResetPasswordPage /> },
  verifyEmail: { element: <VerifyEmailPage /> },
  acceptInvitation: { element: <AcceptInvitationPage /> },
  subscription: {
    element: <SubscriptionPage />,
    layout: 'public',
    menus: [
      { menu: 'user', label: 'Upgrade to Premium', forNonSubscribers: true },
      { menu: 'signed-out', label: 'Upgrade to Premium' },
    ],
  },
  testCheckout: { element: <TestCheckoutPage /> },

  // spec 000 §2 names both dashboards alike ('Dashboard', 'My Dashboard'); members could not
  // tell them apart, so each carries what it is (decision 015)
  dashboard: {
    element: <DashboardRoute />,
    menus: [{ menu: 'top-bar', label: 'My Account' }],
  },
  dailyRoutine: { element: <DailyRoutinePage /> },
  calendar: { element: <CalendarPage /> },
  community: {
    element: <CommunityRoute />,
    menus: [
      { menu: 'top-bar', label: 'Community' },
      { menu: 'signed-out', label: 'Community' },
    ],
  },
  profile: {
    element: <ProfileRoute />,
    menus: [{ menu: 'user', label: 'My Profile' }],
  },
  // spec 000 §2: 'Events' after Community in the top bar, after My Profile in the user menu
  events: {
    element: <EventsPage />,
    menus: [
      { menu: 'top-bar', label: 'Events' },
      { menu: 'user', label: 'Events' },
    ],
  },
  eventRegistration: { element: <EventRegistrationPage /> },
  // spec 000 §2: 'Blog' after Events in the top bar and in the user menu
  blog: {
    element: <BlogPage />,
    menus: [
      { menu: 'top-bar', label: 'Blog' },
      { menu: 'user', label: 'Blog' },
    ],
  },
  blogPost: { element: <BlogPostPage /> },
  // spec 000 §2: the member dashboard of the Career Lab dropdown (top-level until that dropdown lands)
  prestigeClub: {
    element: <PrestigeClubRoute />,
    menus: [{ menu: 'top-bar', label: 'Prestige Club' }],
  },
  saved: {
    element: <SavedRoute tab="overview" />,
    menus: [{ menu: 'user', label: 'Saved' }],
  },
  savedJobs: { element: <SavedRoute tab="jobs" /> },
  savedCourses: { element: <SavedRoute tab="courses" /> },
  jobs: {
    element: <JobsPage />,
    menus: [
      // spec 000 §2: 'Private Job Board' of the Career Lab dropdown (top-level until that dropdown lands)
      { menu: 'top-bar', label: 'Private Job Board' },
      { menu: 'user', label: 'Jobs' },
      { menu: 'signed-out', label: 'Jobs' },
    ],
  },
  jobDetail: { element: <JobDetailPage /> },
  // spec 000 §2: /courses is the index of browse and the marketplace; it opens browse
  courses: { element: <Navigate to={pathTo('coursesBrowse')} replace /> },
  coursesBrowse: {
    element: <BrowsePage />,
    menus: [
      // spec 000 §2: 'Courses' of the Career Lab submenu and of the signed-out menu
      { menu: 'user', label: 'Courses' },
      { menu: 'signed-out', label: 'Courses' },
    ],
  },
  coursesMarketplace: {
    element: <MarketplacePage />,
    // spec 000 §2: 'Course Market' of the Career Lab dropdown (top-level until that dropdown lands)
    menus: [{ menu: 'top-bar', label: 'Course Market' }],
  },
  courseDetail: { element: <CourseDetailPage /> },
  // spec 000 §2: 'Live Layoff Tracker' of the Career Lab submenu, after Courses
  layoffs: {
    element: <LayoffsPage />,
    menus: [{ menu: 'user', label: 'Live Layoff Tracker' }],
  },
  settings: {
    element: <SettingsPage />,
    menus: [{ menu: 'user', label: 'Settings' }],
  },
  resumeReview: { element: <ResumeReviewPage /> },
  careerChat: { element: <CareerChatPage /> },

  admin: {
    element: <AdminIndexRoute />,
    layout: 'admin',
    menus: [{ menu: 'user', label: 'Admin Dashboard' }],
  },
  adminJobs: { element: <AdminJobsPage />, layout: 'admin' },
  adminInbox: { element: <AdminInboxPage />, layout: 'admin' },
  adminQueue: { element: <AdminQueuePage />, layout: 'admin' },
  devMail: { element: <MailboxPage />, layout: 'admin' },
  adminPlans: { element: <AdminPlansPage />, layout: 'admin' },
  adminAudit: { element: <AdminAuditPage />, layout: 'admin' },
  adminUsers: { element: <AdminUsersPage />, layout: 'admin' },
  adminUser: { element: <AdminUserPage />, layout: 'admin' },
  adminCourses: { element: <AdminCoursesPage />, layout: 'admin' },
  adminCourseNew: { element: <AdminCourseNewPage />, layout: 'admin' },
  adminCourseEdit: { element: <AdminCourseEditPage />, layout: 'admin' },
  adminCourseModules: { element: <AdminCourseModulesPage />, layout: 'admin' },
  adminSettings: { element: <AdminSettingsPage />, layout: 'admin' },
  adminBlog: { element: <AdminBlogPage />, layout: 'admin' },
  adminLayoffs: { element: <AdminLayoffsPage />, layout: 'admin' },
  adminResumeReview: { element: <AdminResumeReviewPage />, layout: 'admin' },
  adminEvents: { element: <AdminEventsPage />, layout: 'admin' },

  business: {
    element: <BusinessPage />,
    layout: 'public',
    menus: [{ menu: 'signed-out', label: 'For Businesses' }],
  },
  contact: {
    element: <ContactPage />,
    layout: 'public',
    menus: [
      { menu: 'user', label: 'Contact' },
      { menu: 'signed-out', label: 'Contact' },
    ],
  },
  about: { element: <AboutPage />, layout: 'public' },
  faqs: { element: <FaqsPage />, layout: 'public' },
  privacy: { element: <PrivacyPage />, layout: 'public' },
  terms: { element: <TermsPage />, layout: 'public' },
  partners: {
    element: <PartnersPage />,
    layout: 'public',
    menus: [{ menu: 'user', label: 'Partners' }],
  },
}

/** The pages in the order of the table above. */
export const webPageNames = Object.keys(webPages) as PageName[]
