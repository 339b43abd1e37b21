import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { toast } from 'sonner'
import { messageOf } from '#web/lib/api.ts'

type Said<Args extends unknown[]> = string | ((...args: Args) => string)

const say = <Args extends unknown[]>(said: Said<Args>, ...args: Args) =>
  typeof said === 'function' ? said(...args) : said

export type ToastedMutationOptions<Answer, Variables> = {
  mutationFn: (variables: Variables) => Promise<Answer>
  /** the success toast ('Job updated') */
  success: Said<[answer: Answer, variables: Variables]>
  /**
   * The failure toast: the server's words, or this when they are generic (lib/api.ts
   * messageOf). Absent: no toast, because the form or dialog that called says why, once
   * (lib/form-errors.ts).
   */
  failure?: Said<[variables: Variables]>
  /** refetched after a success; the write stays pending until the refetch is done */
  refresh?: QueryKey
  /** also refetch after a failure (spec 002 §8: a failed delete in a list reloads the list) */
  refreshOnError?: boolean
  /** more to do after the success toast, before the refresh (a cache update, a second toast) */
  onSuccess?: (answer: Answer, variables: Variables) => void
}

/**
 * A write that says how it went in a toast and refreshes what it changed: the shape
 * every admin write and saved-item toggle shares.
 */
export function useToastedMutation<Answer, Variables = void>({
  mutationFn,
  success,
  failure,
  refresh,
  refreshOnError = false,
  onSuccess,
}: ToastedMutationOptions<Answer, Variables>) {
  const queryClient = useQueryClient()
  const refetch = async () => {
    if (refresh) await queryClient.invalidateQueries({ queryKey: refresh })
  }
  return useMutation({
    mutationFn,
    onSuccess: async (answer: Answer, variables: Variables) => {
      toast.success(say(success, answer, variables))
      onSuccess?.(answer, variables)
      await refetch()
    },
    onError: async (error: Error, variables: Variables) => {
      if (failure) toast.error(messageOf(error, say(failure, variables)))
      if (refreshOnError) await refetch()
    },
  })
}

/** An area's saved-items wording (spec 001 §8 saved-items messages). */
type SavedItemMessages = { saved: string; unsaved: string; saveFailed: string; unsaveFailed: string }

/**
 * Saves an item or removes it from the member's saved items (spec 001 §2): `save`
 * and `unsave` are the area's own PUT and DELETE, the toasts its own words, and
 * `onChanged` updates what the area shows of the item.
 */
export function useSavedItemToggle<Variables extends { save: boolean }>({
  save,
  unsave,
  messages,
  onChanged,
}: {
  save: (variables: Variables) => Promise<unknown>
  unsave: (variables: Variables) => Promise<unknown>
  messages: SavedItemMessages
  onChanged: (variables: Variables) => void
}) {
  return useToastedMutation({
    mutationFn: (variables: Variables) => (variables.save ? save(variables) : unsave(variables)),
    success: (_answer, variables) => (variables.save ? messages.saved : messages.unsaved),
    failure: (variables) => (variables.save ? messages.saveFailed : messages.unsaveFailed),
    onSuccess: (_answer, variables) => onChanged(variables),
  })
}
