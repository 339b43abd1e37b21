import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '#server/config.ts'

/** AUTH_SECRET, or on the embedded default a random one kept in DATA_DIR so sessions survive restarts. */
export function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET
  const file = path.join(config.DATA_DIR, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(config.DATA_DIR, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
