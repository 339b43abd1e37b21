import { describe, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'

describe('configuration', () => {
  test('the embedded defaults need no variable at all', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', baseUrl: 'http://localhost:3000' })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  test.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres:\/\//],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, /^Invalid configuration: GOOGLE_CLIENT_SECRET /],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: AUTH_SECRET is required in production/],
    [{ SMTP_SECURE: 'maybe' }, /^Invalid configuration: SMTP_SECURE /],
  ])('a bad value stops with one line naming the variable (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
