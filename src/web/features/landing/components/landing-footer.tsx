import { Link } from 'react-router'

// spec 000 §1 footer links, those whose pages exist; Courses, Blog and the Live
// Layoff Tracker join when their areas open.
const footerLinks = [
  { label: 'Community', to: '/community' },
  { label: 'Job Board', to: '/jobs' },
  { label: 'About Prestige Labs', to: '/prestige-labs' },
  { label: 'FAQs', to: '/faqs' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms & Conditions', to: '/terms' },
  { label: 'Partners', to: '/partners' },
]

export function LandingFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-semibold">
          Prestige <span className="text-accent">Labs</span>
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="pb-8 text-center text-xs text-muted-foreground">© {new Date().getFullYear()} Prestige Labs</p>
    </footer>
  )
}
