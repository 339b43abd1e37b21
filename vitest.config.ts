import { defineConfig } from 'vitest/config'
import path from 'node:path'

const alias = {
  '#shared': path.resolve(import.meta.dirname, 'src/shared'),
  '#server': path.resolve(import.meta.dirname, 'src/server'),
  '#web': path.resolve(import.meta.dirname, 'src/web'),
}

const unitAndApi = (name: string, database: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    include: ['src/**/*.test.ts'],
    // the web's and shared code's tests use no database: once, on PGlite, is enough
    exclude: database === 'postgres' ? ['src/web/**', 'src/shared/**'] : [],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.ts'],
    env: { TEST_DB_KIND: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // the database projects first, side by side; the browser tests after them, alone
    sequence: { groupOrder: 0 },
  },
})

// API and unit tests run on PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL is set (.ci/run sets it). Browser tests drive the real
// server in Debian's Chromium.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on the 2-core CI
    // machine, which ran every file in turn. API files wait on their database as much
    // as they compute, so two side by side finish much sooner.
    maxWorkers: 2,
    projects: [
      unitAndApi('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [unitAndApi('api-postgres', 'postgres')] : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two browser files side by side: each waits on its browser and its server
          // in turn, and one at a time left a core idle (e2e 525 s alone, 392 s two at
          // a time; each test 1.6 times slower, its waits of 15 s still far off).
          maxWorkers: 2,
          // after the database projects: a browser, its server and an API file at once
          // would share two cores three ways, and browser waits would run out
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
