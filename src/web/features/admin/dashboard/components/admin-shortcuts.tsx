import { Link } from 'react-router'
import {
  Briefcase,
  FileCheck2,
  GraduationCap,
  Mail,
  MessagesSquare,
  Newspaper,
  ServerCog,
  Settings,
  TrendingDown,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { pathTo } from '#shared/pages.ts'

// spec 002 §2: shortcut cards Courses, Jobs, Blog, Resume Reviews and Settings; issue
// 22 adds the inbox; the other admin tools that had a card here keep one.
const shortcuts: Array<{ to: string; title: string; description: string; icon: LucideIcon }> = [
  {
    to: pathTo('adminCourses'),
    title: 'Courses',
    description: 'Categories, courses, prices, modules and lessons.',
    icon: GraduationCap,
  },
  {
    to: pathTo('adminJobs'),
    title: 'Jobs',
    description: 'The private job board and its applications.',
    icon: Briefcase,
  },
  { to: pathTo('adminBlog'), title: 'Blog', description: 'Posts, drafts and the newsletter feed.', icon: Newspaper },
  {
    to: pathTo('adminResumeReview'),
    title: 'Resume Reviews',
    description: 'Score resumes and answer their comments.',
    icon: FileCheck2,
  },
  { to: pathTo('adminUsers'), title: 'Users', description: 'Accounts, roles, invitations and imports.', icon: Users },
  {
    to: pathTo('adminSettings'),
    title: 'Settings',
    description: 'Platform name, e-mail, security and integrations.',
    icon: Settings,
  },
  {
    to: pathTo('adminInbox'),
    title: 'Inbox',
    description: 'Contact messages and business requests.',
    icon: MessagesSquare,
  },
  {
    to: pathTo('adminLayoffs'),
    title: 'Layoff tracker',
    description: 'Import WARN notice files as CSV and follow each import.',
    icon: TrendingDown,
  },
  {
    to: pathTo('devMail'),
    title: 'Development mailbox',
    description: 'The e-mails sent while no SMTP server is set.',
    icon: Mail,
  },
  {
    to: pathTo('adminQueue'),
    title: 'Background jobs',
    description: 'Mail and recurring work; failures and retries.',
    icon: ServerCog,
  },
]

/** The admin dashboard's shortcut cards: one link each, its whole card clickable. */
export function AdminShortcuts() {
  return (
    <nav aria-label="Shortcuts">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shortcuts.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
              <span className="grid gap-0.5">
                <span className="font-semibold">{title}</span>
                <span className="text-sm text-muted-foreground">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
