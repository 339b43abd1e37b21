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
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not print ${pattern} (exit ${child.exitCode}):\n${output}`)
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
    const latest = (await (await fetch(`http://127.0.0.1:${port}/api/jobs/latest`)).json()) as { jobs: { title: string }[] }
    expect(latest.jobs).toHaveLength(3)

    const second = start({ PORT: String(Number(port) + 1), DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/in use by process \d+/)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'prestige.lock'))).toBe(false)
  }, 90_000)
})
