import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { SettingsCategory, SettingsPatch } from '#shared/admin/settings.ts'
import type { adminSettingsRoutes } from '#server/modules/admin/settings/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'
import { publicSettingsQuery } from '#web/lib/platform-settings.ts'

const settingsApi = apiClient<typeof adminSettingsRoutes>('/api/admin/settings')

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings'] as const,
    queryFn: ({ signal }) => answer(settingsApi.index.$get({}, { init: { signal } })),
  })

export type SaveSettings = { category: SettingsCategory; patch: SettingsPatch }

/**
 * Saves the fields of one card (spec 002 §4: on every change). The answer is the
 * whole view, put in place at once; the public settings (the header's name, the
 * password rule) are read again so this tab shows the change too.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ category, patch }: SaveSettings) =>
      answer(settingsApi[':category'].$patch({ param: { category }, json: patch })),
    onSuccess: (view) => {
      queryClient.setQueryData(adminSettingsQuery().queryKey, view)
      void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey })
    },
  })
}

export function useSendTestMail() {
  return useMutation({ mutationFn: () => answer(settingsApi['test-email'].$post()) })
}
