import { useNavigate, useSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { MessagesSquare } from 'lucide-react'
import { chatMessages } from '#shared/chat/messages.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { cn } from '#web/lib/cn.ts'
import { useViewer } from '#web/lib/session.ts'
import { conversationsQuery, useLiveChat, useStartConversation } from '#web/features/chat/api/chat.ts'
import { ConversationList } from '#web/features/chat/components/conversation-list.tsx'
import { ConversationPane } from '#web/features/chat/components/conversation-pane.tsx'

/** The chosen conversation sits in the address (`?c=<id>`), so a reload or a shared link keeps it. */
const conversationParamName = 'c'

const hrefOf = (conversationId: string) =>
  `${pathTo('careerChat')}?${new URLSearchParams({ [conversationParamName]: conversationId })}`

/**
 * /career-chat (spec 001 §2 Career chat, issue 20): the conversations on the left,
 * titled Career Coaching, the chosen one on the right; on a phone, one at a time.
 * Messages, reads and new conversations arrive live.
 */
export function CareerChatPage() {
  const { user } = useViewer()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const selectedId = params.get(conversationParamName) || null
  const list = useInfiniteQuery(conversationsQuery())
  const start = useStartConversation()
  useLiveChat(user?.id, selectedId)
  if (!user) return null

  const listed = list.data?.pages.flatMap((page) => page.conversations).find((c) => c.id === selectedId)
  const onStart = () =>
    start.mutate(undefined, { onSuccess: ({ conversation }) => void navigate(hrefOf(conversation.id)) })

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4 px-4 py-6 sm:px-6">
      <PageTitle>Career Coach</PageTitle>
      <BackLink to={pathTo('prestigeClub')}>Back to Dashboard</BackLink>
      <h1 className="text-2xl font-semibold tracking-tight">{chatMessages.title}</h1>
      <div className="grid h-[calc(100dvh-13rem)] min-h-[26rem] overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm md:grid-cols-[20rem_minmax(0,1fr)]">
        <div
          className={cn('min-h-0 overflow-y-auto border-border md:block md:border-r', selectedId ? 'hidden' : 'block')}
        >
          <ConversationList
            viewerId={user.id}
            viewerIsAdmin={user.isAdmin}
            selectedId={selectedId}
            hrefOf={hrefOf}
            onStart={onStart}
            starting={start.isPending}
          />
        </div>
        <section
          aria-label="Conversation"
          className={cn('min-h-0 min-w-0 flex-col md:flex', selectedId ? 'flex' : 'hidden')}
        >
          {selectedId ? (
            <ConversationPane
              key={selectedId}
              conversationId={selectedId}
              listed={listed}
              viewer={user}
              backHref={pathTo('careerChat')}
            />
          ) : (
            <div className="grid flex-1 place-content-center justify-items-center gap-3 p-6 text-center text-muted-foreground">
              <MessagesSquare aria-hidden="true" className="size-10" />
              <p>{chatMessages.selectConversation}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  )
}
