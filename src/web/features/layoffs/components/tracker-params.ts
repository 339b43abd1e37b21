import { useSearchParams } from 'react-router'
import { layoffKinds, usStateCodes, type LayoffKind, type UsStateCode } from '#shared/layoffs/constants.ts'
import { layoffSorts, type LayoffFilters, type LayoffSort } from '#shared/layoffs/schemas.ts'

export type SortDir = 'asc' | 'desc'

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value)

/** A column's first direction: names A to Z, dates and counts the largest first. */
export const firstDir = (sort: LayoffSort): SortDir => (sort === 'company' || sort === 'state' ? 'asc' : 'desc')

/**
 * The tracker's filters and sort, kept in the URL (a search can be shared and
 * reloaded); anything the API would refuse is left out.
 */
export function useTrackerParams() {
  const [params, setParams] = useSearchParams()
  const state = params.get('state')
  const kind = params.get('kind')
  const from = params.get('from')
  const to = params.get('to')
  const filters: LayoffFilters = {
    ...(params.get('q')?.trim() ? { q: params.get('q')!.trim() } : {}),
    ...(state && usStateCodes.includes(state as UsStateCode) ? { state: state as UsStateCode } : {}),
    ...(isDate(from) ? { from } : {}),
    ...(isDate(to) ? { to } : {}),
    ...(kind && layoffKinds.includes(kind as LayoffKind) ? { kind: kind as LayoffKind } : {}),
  }
  const sortParam = params.get('sort')
  const sort: LayoffSort = layoffSorts.find((value) => value === sortParam) ?? 'date'
  const dirParam = params.get('dir')
  const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : firstDir(sort)

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value)
          else next.delete(name)
        }
        return next
      },
      { replace: true },
    )

  return { filters, sort, dir, setParam }
}
