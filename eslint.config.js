import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

// Import boundaries of ARCHITECTURE.md rule 7: shared is isomorphic (no server,
// no web, no node:*, no drizzle); the web never imports the server; a web feature
// does not import another feature (features meet only in src/web/app). On the
// server, a route never touches drizzle, db/ or queries; a module never imports
// another module (they meet in src/server/seed, app.ts and tests); platform/ and
// db/ never import modules. Cross-area endpoints live in src/server/compose,
// above the modules: they read the areas' services (service.ts, *-service.ts),
// never their queries, routes or the database, and no module imports them. The
// lists are read from the folders, so a new area is held to the same rules the
// day it lands.
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
const features = foldersOf('./src/web/features/')
const modules = foldersOf('./src/server/modules/')
const serverOnly = { group: ['\\#web/*', '**/web/**'], message: 'The server never imports web code.' }
const tests = ['**/*.test.ts', 'src/server/testing/**']
// A later block's no-restricted-imports replaces an earlier one's for the same file,
// so every block lists all the patterns that hold for its files.
const aliases = { group: ['../../*'], message: 'Use the #shared, #server or #web aliases (ARCHITECTURE.md rule 8).' }
const restrict = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [aliases, ...patterns] }],
})
// The web's typed clients read a route group's type (docs/decisions/018); `import type`
// is erased from the bundle, so no server code reaches the browser.
const webNeverImportsServer = [
  {
    regex: '^(#server|.*/server)/(?!(.+/)?routes\\.ts$)',
    message: 'The web app never imports server code.',
  },
  {
    group: ['\\#server/**/routes.ts', '**/server/**/routes.ts'],
    allowTypeImports: true,
    message: "The web imports a route group's type only (import type), for its typed client.",
  },
  { group: ['node:*'], message: 'The web app runs in the browser: no node:*.' },
]
const otherModules = (module) => ({
  group: modules
    .filter((other) => other !== module)
    .flatMap((other) => [`\\#server/modules/${other}/*`, `**/modules/${other}/**`]),
  message: 'A module does not import another module; compose them above the modules (ARCHITECTURE.md rule 7).',
})
const composeAbove = {
  group: ['\\#server/compose/*', '**/compose/**'],
  message: 'src/server/compose sits above the modules: a module never imports it (ARCHITECTURE.md rule 7).',
}
const routeOnly = {
  group: [
    'drizzle-orm',
    'drizzle-orm/*',
    '\\#server/db/*',
    './queries.ts',
    '**/queries.ts',
    '*-queries.ts',
    '**/*-queries.ts',
  ],
  message: 'A route calls one service; it never touches drizzle, db/ or queries (ARCHITECTURE.md rule 1).',
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'data/', 'drizzle/', 'backups/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      ...restrict(),
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      ...restrict(
        {
          group: ['\\#server/*', '\\#web/*', '**/server/**', '**/web/**'],
          message: 'src/shared imports neither server nor web.',
        },
        {
          group: ['node:*', 'drizzle-orm', 'drizzle-orm/*', 'react', 'react-dom'],
          message: 'src/shared is isomorphic: no node:*, drizzle or React.',
        },
      ),
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      ...restrict(...webNeverImportsServer),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      ...restrict(serverOnly),
    },
  },
  {
    files: ['src/server/platform/**', 'src/server/db/**'],
    ignores: tests,
    rules: {
      ...restrict(serverOnly, {
        group: ['\\#server/modules/*', '**/modules/**', '\\#server/compose/*', '**/compose/**'],
        message: 'platform/ and db/ sit below the modules: they never import one.',
      }),
    },
  },
  ...modules.map((module) => ({
    files: [`src/server/modules/${module}/**`],
    ignores: tests,
    rules: { ...restrict(serverOnly, otherModules(module), composeAbove) },
  })),
  // a route file holds both the module's rules and the route's own
  ...modules.map((module) => ({
    files: [`src/server/modules/${module}/**/routes.ts`],
    rules: { ...restrict(serverOnly, otherModules(module), composeAbove, routeOnly) },
  })),
  {
    files: ['src/server/compose/**'],
    ignores: tests,
    rules: {
      ...restrict(
        serverOnly,
        {
          // anything under modules/ but a service.ts or a *-service.ts
          regex: '(^|/)modules/(?!(.+/)?([\\w-]+-)?service\\.ts$)',
          message:
            "A composing module reads the areas' services only, never their queries or routes (ARCHITECTURE.md rule 7).",
        },
        {
          group: ['drizzle-orm', 'drizzle-orm/*', '\\#server/db/*'],
          message:
            "A composing module reads the areas' services; it never touches drizzle or db/ (ARCHITECTURE.md rule 7).",
        },
      ),
    },
  },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: {
      ...restrict(...webNeverImportsServer, {
        group: features
          .filter((other) => other !== feature)
          .flatMap((other) => [`\\#web/features/${other}/*`, `**/features/${other}/**`]),
        message: 'A feature does not import another feature; compose them in src/web/app (ARCHITECTURE.md rule 7).',
      }),
    },
  })),
)
