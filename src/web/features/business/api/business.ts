import { useMutation } from '@tanstack/react-query'
import type { BusinessRequestInput } from '#shared/business/schemas.ts'
import { apiFetch } from '#web/lib/api.ts'

export function useSubmitBusinessRequest() {
  return useMutation({
    mutationFn: (values: BusinessRequestInput) =>
      apiFetch<{ message: string }>('/api/business-requests', { json: values }),
  })
}
