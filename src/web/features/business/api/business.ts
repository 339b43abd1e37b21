import { useMutation } from '@tanstack/react-query'
import type { BusinessRequestInput } from '#shared/business/schemas.ts'
import type { businessRequestRoutes } from '#server/modules/business/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const businessRequestsApi = apiClient<typeof businessRequestRoutes>('/api/business-requests')

export function useSubmitBusinessRequest() {
  return useMutation({
    mutationFn: (values: BusinessRequestInput) => answer(businessRequestsApi.index.$post({ json: values })),
  })
}
