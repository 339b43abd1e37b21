import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '#web/lib/api.ts'

export type UpdateSignupValues = { firstName: string; lastName: string; email: string }

export function useUpdateSignup() {
  return useMutation({
    mutationFn: (values: UpdateSignupValues) => apiFetch<{ message: string }>('/api/update-signup', { json: values }),
  })
}
