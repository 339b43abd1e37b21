import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '#server/config.ts'

// Secrets an admin types into the settings (the SMTP password, issue 22) are kept
// encrypted at rest with AES-256-GCM under a key from the environment
// (SETTINGS_SECRET_KEY), so a copy of the database (a backup, a replica, a dump
// handed to support) does not carry a working mail password. The key never goes
// into the database. Outside production, without the variable, a random key is
// made once and kept in DATA_DIR, as src/server/secret.ts does for AUTH_SECRET;
// production without it stores no secret at all (the admin is told why).

const keyFileName = 'settings-secret-key'
const version = 'v1'

/** The 32-byte key: the variable's bytes when it is 64 hex digits or 44 base64 characters of 32 bytes, else its SHA-256. */
function keyFromText(text: string): Buffer {
  const trimmed = text.trim()
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex')
  const decoded = /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64url') : undefined
  if (decoded?.length === 32) return decoded
  return createHash('sha256').update(trimmed).digest()
}

/**
 * The key kept in DATA_DIR, made by the first process that needs it. Test files
 * and a restarted server share the one file: it is written under a name of its
 * own and linked into place, which fails when another process linked first, so
 * every process ends up with the same key, never half a file.
 */
function developmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, keyFileName)
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
    writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 })
    try {
      linkSync(draft, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(draft)
    }
  }
  return keyFromText(readFileSync(file, 'utf8'))
}

export type SecretBox = {
  /** A key is there: secrets can be stored. */
  readonly available: boolean
  /** `plain` sealed for storage ('v1.<iv>.<tag>.<ciphertext>'); throws without a key. */
  seal(plain: string, purpose: string): string
  /** The sealed text opened, or undefined when it was sealed under another key, for another purpose, or altered. */
  open(sealed: string, purpose: string): string | undefined
}

const boxes = new WeakMap<object, SecretBox>()

/**
 * The box of SETTINGS_SECRET_KEY, or of the development key outside production;
 * one without a key in production without the variable. One per configuration
 * (the key file is read once).
 */
export function settingsSecretBox(config: Pick<Config, 'SETTINGS_SECRET_KEY' | 'NODE_ENV' | 'DATA_DIR'>): SecretBox {
  let box = boxes.get(config)
  if (!box) {
    const key = config.SETTINGS_SECRET_KEY
      ? keyFromText(config.SETTINGS_SECRET_KEY)
      : config.NODE_ENV === 'production'
        ? undefined
        : developmentKey(config.DATA_DIR)
    boxes.set(config, (box = createSecretBox(key)))
  }
  return box
}

export function createSecretBox(key: Buffer | undefined): SecretBox {
  return {
    available: key !== undefined,
    seal(plain, purpose) {
      if (!key) throw new Error('No key to seal secrets with (SETTINGS_SECRET_KEY)')
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      // the purpose is authenticated: a sealed SMTP password cannot be passed off as another secret
      cipher.setAAD(Buffer.from(purpose))
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [version, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(sealed, purpose) {
      if (!key) return undefined
      const [tag, iv, authTag, ciphertext] = sealed.split('.')
      if (tag !== version || !iv || !authTag || ciphertext === undefined) return undefined
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAAD(Buffer.from(purpose))
        decipher.setAuthTag(Buffer.from(authTag, 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
      } catch {
        return undefined
      }
    },
  }
}
