import { hashKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileInput, ProfileView } from '#shared/profile/schemas.ts'
import type { SkillLevelInput, SkillsInput, SkillView } from '#shared/profile/skills.ts'
import type { profileRoutes } from '#server/modules/profile/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const profileApi = apiClient<typeof profileRoutes>('/api/profile')

export const profileKeys = {
  all: ['profile'] as const,
  me: ['profile', 'me'] as const,
  skills: ['profile', 'skills'] as const,
}

export const profileQuery = () =>
  queryOptions({
    queryKey: profileKeys.me,
    queryFn: ({ signal }) => answer(profileApi.me.$get({}, { init: { signal } })),
  })

export const skillsQuery = () =>
  queryOptions({
    queryKey: profileKeys.skills,
    queryFn: ({ signal }) => answer(profileApi.me.skills.$get({}, { init: { signal } })),
  })

/**
 * The profile the server answered is shown at once; everything else that shows the
 * member's name or picture (the header's session, the community's cards and posts)
 * is read again, without this feature knowing the others.
 */
function useProfileChanged() {
  const queryClient = useQueryClient()
  return async (profile: ProfileView) => {
    queryClient.setQueryData(profileKeys.me, profile)
    await queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== hashKey(profileKeys.me) })
  }
}

export function useUpdateProfile() {
  const onSuccess = useProfileChanged()
  return useMutation({
    mutationFn: (input: ProfileInput) => answer(profileApi.me.$put({ json: input })),
    onSuccess,
  })
}

export function useUploadAvatar() {
  const onSuccess = useProfileChanged()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.set('avatar', file)
      return answer(profileApi.me.avatar.$post({}, { init: { body: form } }))
    },
    onSuccess,
  })
}

export function useRemoveAvatar() {
  const onSuccess = useProfileChanged()
  return useMutation({
    mutationFn: () => answer(profileApi.me.avatar.$delete()),
    onSuccess,
  })
}

type SkillsAnswer = { skills: SkillView[]; message: string }

function useSkillsChanged() {
  const queryClient = useQueryClient()
  return ({ skills }: SkillsAnswer) => {
    queryClient.setQueryData(profileKeys.skills, { skills })
    // other areas derive from the skills (the job board's match): refetched, not imported.
    // Not awaited: the deleted skill's row unmounts with the new list, and a mutation
    // whose component is gone no longer calls that component's own callbacks (its toast).
    void queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== hashKey(profileKeys.skills) })
  }
}

export function useSaveSkills() {
  const onSuccess = useSkillsChanged()
  return useMutation({
    mutationFn: (input: SkillsInput) => answer(profileApi.me.skills.$put({ json: input })),
    onSuccess,
  })
}

export function useUpdateSkill() {
  const onSuccess = useSkillsChanged()
  return useMutation({
    mutationFn: ({ name, ...input }: SkillLevelInput & { name: string }) =>
      answer(profileApi.me.skills[':name'].$patch({ param: { name: encodeURIComponent(name) }, json: input })),
    onSuccess,
  })
}

export function useDeleteSkill() {
  const onSuccess = useSkillsChanged()
  return useMutation({
    mutationFn: (name: string) =>
      answer(profileApi.me.skills[':name'].$delete({ param: { name: encodeURIComponent(name) } })),
    onSuccess,
  })
}
