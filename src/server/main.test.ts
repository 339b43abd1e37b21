import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'

// The real entry point as an operator runs it: `tsx src/server/main.ts`.
const root = path.resolve(import.meta.dirname, '../..')
const tsx = path.join(root, 'node_modules/.bin/tsx')
const dataDir = mkdtempSync(path.join(tmpdir(), 'prestige-main-'))

function start(env: Record<string, string>) {
  const child = spawn(tsx, ['src/server/main.ts'], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env } })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    exited,
    output: () => output,
    async waitForOutput(pattern: RegExp, timeoutMs = 40_000) {
      const deadline = Date.now() + timeoutMs
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`did not print ${pattern} (exit ${child.exitCode}):\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the server process', () => {
  test('a bad configuration value stops it with one line naming the variable', async () => {
    const server = start({ PORT: 'not-a-port', DATA_DIR: dataDir })
    expect(await server.exited).toBe(1)
    expect(server.output().trim()).toMatch(/^Invalid configuration: PORT .+$/)
  })

  test('starts on the embedded database with demo accounts, refuses a second process on the same data, and stops cleanly on SIGTERM', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000))
    const server = start({ PORT: port, DATA_DIR: dataDir })
    await server.waitForOutput(/free member\s+\S+@\S+\s+password: \S+/)
    expect(server.output()).toContain(`http://localhost:${port}`)
    expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toEqual({ status: 'ready' })
    expect(existsSync(path.join(dataDir, 'prestige.lock'))).toBe(true)
    // the demo board is alive on first start: its newest jobs show on the landing page
    const latest = (await (await fetch(`http://127.0.0.1:${port}/api/jobs/latest`)).json()) as {
      jobs: { title: string }[]
    }
    expect(latest.jobs).toHaveLength(3)

    const second = start({ PORT: String(Number(port) + 1), DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/in use by process \d+/)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'prestige.lock'))).toBe(false)
  }, 90_000)

  test('in production on the embedded database it seeds no known admin, and asked for demo data it prints random passwords instead of the documented ones', async () => {
    const productionDir = mkdtempSync(path.join(tmpdir(), 'prestige-main-production-'))
    const port = String(20_000 + Math.floor(Math.random() * 20_000))
    const appUrl = `http://127.0.0.1:${port}`
    const env = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      PORT: port,
      APP_URL: appUrl,
      DATA_DIR: productionDir,
    }
    const adminSignIn = async (password: string) => {
      const response = await fetch(`${appUrl}/api/accounts/admin-sign-in`, {
        method: 'POST',
        headers: { origin: appUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.prestigelabs.local', password }),
      })
      return response.status
    }
    try {
      const empty = start(env)
      await empty.waitForOutput(/is running at/)
      expect(empty.output()).toContain('npm run admin:create')
      expect(empty.output()).not.toMatch(/demo\.prestigelabs\.local|DemoAdmin2026/)
      expect(await adminSignIn('DemoAdmin2026')).toBe(401)
      empty.child.kill('SIGTERM')
      expect(await empty.exited).toBe(0)

      const demo = start({ ...env, SEED_DEMO_DATA: 'true' })
      await demo.waitForOutput(/is running at/)
      expect(demo.output()).toContain('printed only this once')
      const printed = /admin\s+admin@demo\.prestigelabs\.local\s+password: (\S+)/.exec(demo.output())?.[1]
      expect(printed).toMatch(/^[A-Za-z0-9]{20}$/)
      expect(demo.output()).not.toMatch(/DemoAdmin2026|DemoMember2026|DemoFree2026/)
      expect(await adminSignIn('DemoAdmin2026')).toBe(401)
      expect(await adminSignIn(printed!)).toBe(200)
      demo.child.kill('SIGTERM')
      expect(await demo.exited).toBe(0)
    } finally {
      rmSync(productionDir, { recursive: true, force: true })
    }
  }, 90_000)
})
