import { useState } from 'react'
import { Link, NavLink, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { ChevronDown, LogOut, Menu, Sparkles } from 'lucide-react'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx'
import { cn } from '#web/lib/cn.ts'
import { homeOf } from '#web/lib/home.ts'
import { useViewer } from '#web/lib/session.ts'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'
import { forgetEverything, useSignOut } from '#web/features/accounts/api/auth.ts'
import { ChatMenuLink, ChatUnreadBadge, ChatUnreadLink } from '#web/features/chat/components/chat-unread-link.tsx'
import { entriesFor } from '#web/app/menus.ts'
import { ThemeToggle } from '#web/app/theme-toggle.tsx'

/** The header's own sign-out goes to / (spec 000 §2), leaving nothing of the user in the cache. */
function useHeaderSignOut() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signOut = useSignOut()
  return async () => {
    try {
      await signOut.mutateAsync()
    } catch {
      toast.error(accountMessages.signOutFailed)
      return
    }
    // leave the guarded page first, so losing the session does not send the user to /login;
    // synchronously, or the session change below can render before the navigation commits
    await navigate(pathTo('home'), { flushSync: true })
    forgetEverything(queryClient)
    toast.success(accountMessages.signedOut)
  }
}

const topLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-muted text-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  )

export function Header() {
  const { user, viewer } = useViewer()
  // the name the admins set (issue 22)
  const { platformName } = usePlatformSettings()
  const signOut = useHeaderSignOut()
  const [mobileOpen, setMobileOpen] = useState(false)
  const topBar = entriesFor('top-bar', viewer)
  const userMenu = entriesFor('user', viewer)
  const signedOutMenu = entriesFor('signed-out', viewer)
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : ''
  // the career chat is for those who may open it (issue 20)
  const canChat = Boolean(user) && (viewer.subscribed || viewer.isAdmin)

  // opaque: a see-through header took its links' contrast from whatever scrolled beneath it
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to={homeOf(viewer)} className="flex items-center gap-2 rounded-md font-semibold tracking-tight">
          <Sparkles aria-hidden="true" className="size-5 text-accent" />
          {platformName}
        </Link>

        {user ? (
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {topBar.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className={topLinkClasses}>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div className="ml-auto flex items-center gap-1">
          {/* the career chat and its unread count (issue 20): here on a phone, in the user menu on wider screens */}
          {canChat ? <ChatUnreadLink className="md:hidden" /> : null}
          <ThemeToggle />

          {user ? (
            <div className="hidden md:block">
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" className="gap-1.5">
                    <span className="relative inline-flex">
                      <Avatar name={fullName || user.email} url={user.avatarUrl} size="sm" className="size-7" />
                      {canChat ? <ChatUnreadBadge className="absolute -top-1.5 -right-2" /> : null}
                    </span>
                    {user.firstName || 'Profile'}
                    <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuLabel className="grid gap-0.5">
                    <span className="font-medium">{fullName || 'Profile'}</span>
                    <span className="text-xs break-all text-muted-foreground">{user.email}</span>
                  </DropdownMenuLabel>
                  <DropdownMenuSeparator />
                  {canChat ? (
                    <DropdownMenuItem asChild>
                      <ChatMenuLink />
                    </DropdownMenuItem>
                  ) : null}
                  {userMenu.map((entry) => (
                    <DropdownMenuItem key={entry.to} asChild>
                      <Link to={entry.to}>{entry.label}</Link>
                    </DropdownMenuItem>
                  ))}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => void signOut()}>
                    <LogOut aria-hidden="true" className="size-4" />
                    Sign Out
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          ) : (
            <nav aria-label="Account" className="hidden md:block">
              <ul className="flex items-center gap-1">
                {/* the way in stands out, after the pages a visitor may look at first */}
                {[
                  ...signedOutMenu.filter((entry) => entry.page !== 'login'),
                  ...signedOutMenu.filter((entry) => entry.page === 'login'),
                ].map((entry) => (
                  <li key={entry.to}>
                    {entry.page === 'login' ? (
                      <Link to={entry.to} className={buttonClasses('primary', 'sm', 'ml-2')}>
                        {entry.label}
                      </Link>
                    ) : (
                      <NavLink to={entry.to} className={topLinkClasses}>
                        {entry.label}
                      </NavLink>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          )}

          <Dialog open={mobileOpen} onOpenChange={setMobileOpen}>
            <DialogTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu aria-hidden="true" className="size-5" />
              </Button>
            </DialogTrigger>
            <DialogContent
              side="sheet"
              title="Menu"
              description={user ? (fullName ? `${fullName} · ${user.email}` : user.email) : undefined}
            >
              <nav aria-label="Mobile">
                <ul className="grid gap-1">
                  {(user ? [...topBar, ...userMenu] : signedOutMenu).map((entry) => (
                    <li key={entry.to}>
                      <NavLink
                        to={entry.to}
                        className={(state) => cn(topLinkClasses(state), 'block')}
                        onClick={() => setMobileOpen(false)}
                      >
                        {entry.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              {user ? (
                <Button
                  variant="outline"
                  className="w-full"
                  onClick={() => {
                    setMobileOpen(false)
                    void signOut()
                  }}
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  Sign Out
                </Button>
              ) : null}
            </DialogContent>
          </Dialog>
        </div>
      </div>
    </header>
  )
}
