import { lazy } from 'react'
import { createBrowserRouter } from 'react-router'
import { AppShell } from '#web/app/app-shell.tsx'
import { LandingPage } from '#web/app/landing-page.tsx'
import { LoadingScreen } from '#web/app/loading-screen.tsx'
import { publicLayout } from '#web/app/public-layout.tsx'
import { RouteError } from '#web/app/route-error.tsx'

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
const AdminPlansPage = lazy(() =>
  import('#web/features/billing/pages/admin-plans-page.tsx').then((m) => ({ default: m.AdminPlansPage })),
)
const DashboardRoute = lazy(() => import('#web/app/dashboard-route.tsx').then((m) => ({ default: m.DashboardRoute })))
const AdminLayout = lazy(() =>
  import('#web/features/admin/pages/admin-layout.tsx').then((m) => ({ default: m.AdminLayout })),
)
const AdminIndexPage = lazy(() =>
  import('#web/features/admin/pages/admin-index-page.tsx').then((m) => ({ default: m.AdminIndexPage })),
)
const MailboxPage = lazy(() =>
  import('#web/features/admin/pages/mailbox-page.tsx').then((m) => ({ default: m.MailboxPage })),
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
const JobsPage = lazy(() => import('#web/features/jobs/pages/jobs-page.tsx').then((m) => ({ default: m.JobsPage })))
const JobDetailPage = lazy(() =>
  import('#web/features/jobs/pages/job-detail-page.tsx').then((m) => ({ default: m.JobDetailPage })),
)
const AdminJobsPage = lazy(() =>
  import('#web/features/jobs/pages/admin-jobs-page.tsx').then((m) => ({ default: m.AdminJobsPage })),
)
const SavedRoute = lazy(() => import('#web/app/saved-route.tsx').then((m) => ({ default: m.SavedRoute })))
const NotFoundPage = lazy(() => import('#web/app/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })))

// Access to each path is not decided here but in the shared access table, read by
// RouteGuard inside AppShell for every route.
export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        // the public pages: one layout, the public header and the site footer (decision 015)
        handle: publicLayout,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'business', element: <BusinessPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'prestige-labs', element: <AboutPage /> },
          { path: 'faqs', element: <FaqsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'partners', element: <PartnersPage /> },
        ],
      },
      { path: 'login', element: <LoginPage /> },
      { path: 'create-account', element: <CreateAccountPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'dashboard', element: <DashboardRoute /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'subscription/test-checkout/:checkoutId', element: <TestCheckoutPage /> },
      { path: 'prestige-club', element: <PrestigeClubRoute /> },
      { path: 'community', element: <CommunityRoute /> },
      { path: 'profile', element: <ProfileRoute /> },
      { path: 'jobs', element: <JobsPage /> },
      { path: 'jobs/:jobId', element: <JobDetailPage /> },
      { path: 'saved', element: <SavedRoute tab="overview" /> },
      { path: 'saved/jobs', element: <SavedRoute tab="jobs" /> },
      { path: 'saved/courses', element: <SavedRoute tab="courses" /> },
      {
        path: 'admin',
        element: <AdminLayout fallback={<LoadingScreen />} />,
        children: [
          { index: true, element: <AdminIndexPage /> },
          { path: 'mail', element: <MailboxPage /> },
          { path: 'plans', element: <AdminPlansPage /> },
          { path: 'inbox', element: <AdminInboxPage /> },
          { path: 'jobs/manage', element: <AdminJobsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])
