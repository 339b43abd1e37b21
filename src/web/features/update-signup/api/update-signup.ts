import { useMutation } from '@tanstack/react-query'
import type { UpdateSignupInput } from '#shared/update-signup/schemas.ts'
import type { updateSignupRoutes } from '#server/modules/update-signup/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const updateSignupApi = apiClient<typeof updateSignupRoutes>('/api/update-signup')

export type UpdateSignupValues = UpdateSignupInput

export function useUpdateSignup() {
  return useMutation({
    mutationFn: (values: UpdateSignupValues) => answer(updateSignupApi.index.$post({ json: values })),
  })
}
