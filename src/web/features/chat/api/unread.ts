import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { answer } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { chatApi } from '#web/features/chat/api/clients.ts'
import { chatKeys } from '#web/features/chat/api/keys.ts'

// The header's unread count (issue 20), apart from the chat page's hooks so that the
// header, on every page, loads only this.

/** The viewer's unread messages across their conversations. */
export const unreadQuery = () =>
  queryOptions({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => answer(chatApi.unread.$get({}, { init: { signal } })),
  })

/** The count follows every chat event: a message received, a conversation read here or elsewhere. */
export function useLiveUnreadCount() {
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
  useLiveTopic(
    'chat',
    (message) => {
      if (message.type !== 'conversation.started') refresh()
    },
    refresh,
  )
}
