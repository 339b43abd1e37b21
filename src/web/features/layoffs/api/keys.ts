import type { LayoffListQuery, LayoffFilters } from '#shared/layoffs/schemas.ts'

// The layoff tracker's query keys (ARCHITECTURE.md rule 6). An import or an undo may
// change any list, chart or the teaser, so the live 'layoffs.changed' refreshes all of
// ['layoffs']; the admins' imports sit under ['layoffs', 'imports'].
export const layoffKeys = {
  all: ['layoffs'] as const,
  list: (query: Omit<LayoffListQuery, 'cursor'>) => ['layoffs', 'list', query] as const,
  stats: (filters: LayoffFilters) => ['layoffs', 'stats', filters] as const,
  latest: ['layoffs', 'latest'] as const,
  imports: ['layoffs', 'imports'] as const,
  importList: ['layoffs', 'imports', 'list'] as const,
  import: (importId: string) => ['layoffs', 'imports', 'one', importId] as const,
  /** the member's own watches (issue 19) */
  watches: ['layoffs', 'watches'] as const,
}
