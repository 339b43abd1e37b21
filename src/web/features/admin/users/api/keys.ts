// Admin user management's query keys (ARCHITECTURE.md rule 6). Any change to a user
// (the live 'users.changed', or a write here) refreshes all of ['admin', 'users'];
// the dashboard's recent users sit under ['admin', 'dashboard'].
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, cursor: string) => ['admin', 'users', 'list', q, cursor] as const,
  details: (userId: string) => ['admin', 'users', 'details', userId] as const,
  comments: (userId: string) => ['admin', 'users', 'comments', userId] as const,
  import: (importId: string) => ['admin', 'users', 'imports', importId] as const,
  dashboard: ['admin', 'dashboard'] as const,
}
