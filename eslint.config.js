import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

// Import boundaries of ARCHITECTURE.md: shared is isomorphic (no server, no web,
// no node:*, no drizzle); the web never imports the server; a web feature does
// not import another feature (features meet only in src/web/app).
const features = ['accounts', 'dashboard', 'admin', 'settings', 'billing', 'community', 'jobs', 'courses', 'resumes', 'events', 'chat', 'blog', 'goals', 'layoffs', 'users', 'business', 'contact']

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'data/', 'drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*'], message: 'Use the #shared, #server or #web aliases (ARCHITECTURE.md rule 8).' }] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*', '#web/*', '**/server/**', '**/web/**'], message: 'src/shared imports neither server nor web.' },
            { group: ['node:*', 'drizzle-orm', 'drizzle-orm/*', 'react', 'react-dom'], message: 'src/shared is isomorphic: no node:*, drizzle or React.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', '**/server/**', 'node:*'], message: 'The web app never imports server code.' }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#web/*', '**/web/**'], message: 'The server never imports web code.' }] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*', 'node:*'], message: 'The web app never imports server code.' },
            {
              group: features.filter((other) => other !== feature).flatMap((other) => [`#web/features/${other}/*`, `**/features/${other}/**`]),
              message: 'A feature does not import another feature; compose them in src/web/app (ARCHITECTURE.md rule 7).',
            },
          ],
        },
      ],
    },
  })),
)
