import { useMutation } from '@tanstack/react-query'
import type { ContactInput } from '#shared/contact/schemas.ts'
import type { contactRoutes } from '#server/modules/contact/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const contactApi = apiClient<typeof contactRoutes>('/api/contact')

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (values: ContactInput) => answer(contactApi.index.$post({ json: values })),
  })
}
