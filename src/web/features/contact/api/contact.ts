import { useMutation } from '@tanstack/react-query'
import type { ContactInput } from '#shared/contact/schemas.ts'
import { apiFetch } from '#web/lib/api.ts'

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (values: ContactInput) => apiFetch<{ message: string }>('/api/contact', { json: values }),
  })
}
