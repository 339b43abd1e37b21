import { describe, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'

describe('configuration', () => {
  test('the embedded defaults need no variable at all', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', baseUrl: 'http://localhost:3000' })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.STORAGE_DRIVER).toBe('disk')
  })

  test('an S3 bucket for uploaded files needs its endpoint, bucket and credentials', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'prestige-files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(config).toMatchObject({ STORAGE_DRIVER: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true })
  })

  test.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres:\/\//],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, /^Invalid configuration: GOOGLE_CLIENT_SECRET /],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: AUTH_SECRET is required in production/],
    [{ SMTP_SECURE: 'maybe' }, /^Invalid configuration: SMTP_SECURE /],
    [{ STORAGE_DRIVER: 'ftp' }, /^Invalid configuration: STORAGE_DRIVER /],
    [{ STORAGE_DRIVER: 's3' }, /^Invalid configuration: S3_ENDPOINT is required when STORAGE_DRIVER=s3$/],
    [
      {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'x',
      },
      /^Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3$/,
    ],
    [
      { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'x' },
      /^Invalid configuration: S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3$/,
    ],
    [
      { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' },
      /^Invalid configuration: S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3$/,
    ],
    [{ S3_ENDPOINT: 'minio:9000' }, /^Invalid configuration: S3_ENDPOINT /],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, /^Invalid configuration: S3_FORCE_PATH_STYLE /],
  ])('a bad value stops with one line naming the variable (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })
})
