import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// The real entry point as `npm start` runs it: the server compiled to JavaScript by
// scripts/build.js (`node dist/server/main.js`), here into a folder of this file's own
// so that a build running beside it is left alone.
const root = path.resolve(import.meta.dirname, '../..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'prestige-main-'))
const buildDir = path.join(root, '.tmp', `main-test-${process.pid}-${Date.now()}`)
const compiledMain = path.join(buildDir, 'main.js')

type BuildScript = {
  buildServer(root: string, outfile: string): Promise<void>
  buildIsCurrent(root: string, env: Record<string, string | undefined>): boolean
  recordBuildInputs(root: string, env: Record<string, string | undefined>): void
}
const buildScript = () => import(pathToFileURL(path.join(root, 'scripts/build.js')).href) as Promise<BuildScript>

// The server process tests hold no database of the test run: once, with the PGlite project, is enough.
const serverTests = describe.skipIf(process.env.TEST_DB_KIND === 'postgres')

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [compiledMain], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    exited,
    output: () => output,
    async waitForOutput(pattern: RegExp, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`did not print ${pattern} (exit ${child.exitCode}):\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(buildDir, { recursive: true, force: true })
})

serverTests('the server process', () => {
  beforeAll(async () => {
    await (await buildScript()).buildServer(root, compiledMain)
  }, 60_000)

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
  }, 180_000)

  test("the build's preparation ahead creates, migrates and seeds a new embedded database once; the start after it shows the accounts", async () => {
    const aheadDir = mkdtempSync(path.join(tmpdir(), 'prestige-main-ahead-'))
    const ahead = { PRESTIGE_PREPARING_NEW_DATABASE: 'ahead' }
    try {
      const prepared = start({ ...ahead, DATA_DIR: aheadDir })
      expect(await prepared.exited).toBe(0)
      expect(prepared.output()).toContain(`Demo data seeded into ${aheadDir}.`)
      expect(existsSync(path.join(aheadDir, 'db', 'PG_VERSION'))).toBe(true)
      expect(existsSync(path.join(aheadDir, 'prestige.lock'))).toBe(false)
      // an existing database is left alone
      const again = start({ ...ahead, DATA_DIR: aheadDir })
      expect(await again.exited).toBe(0)
      expect(again.output()).toBe('')

      const port = String(20_000 + Math.floor(Math.random() * 20_000))
      const server = start({ PORT: port, DATA_DIR: aheadDir })
      await server.waitForOutput(/free member\s+free@demo\.prestigelabs\.local\s+password: DemoFree2026/)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)

      // random demo passwords are printed by the start that sets them: none prepared ahead
      const productionDir = path.join(aheadDir, 'production')
      const production = start({
        ...ahead,
        NODE_ENV: 'production',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        SEED_DEMO_DATA: 'true',
        DATA_DIR: productionDir,
      })
      expect(await production.exited).toBe(0)
      expect(existsSync(path.join(productionDir, 'db', 'PG_VERSION'))).toBe(false)
    } finally {
      rmSync(aheadDir, { recursive: true, force: true })
    }
  }, 180_000)

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
  }, 180_000)
})

serverTests('the build npm start runs first', () => {
  test('is skipped while no input changed, and made again when a source, a public file or NODE_ENV changes', async () => {
    const { buildIsCurrent, recordBuildInputs } = await buildScript()
    const project = mkdtempSync(path.join(tmpdir(), 'prestige-build-'))
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
      writeFileSync(path.join(project, file), text)
    }
    try {
      write('src/server/main.ts', 'console.log(1)')
      write('src/server/main.test.ts', 'test')
      write('public/robots.txt', 'User-agent: *')
      write('index.html', '<div id="root"></div>')
      const env = { NODE_ENV: undefined }
      expect(buildIsCurrent(project, env)).toBe(false) // never built
      write('dist/web/index.html', 'built')
      write('dist/server/main.js', 'built')
      recordBuildInputs(project, env)
      expect(buildIsCurrent(project, env)).toBe(true)

      write('src/server/main.test.ts', 'another test') // tests are no input of the build
      expect(buildIsCurrent(project, env)).toBe(true)
      expect(buildIsCurrent(project, { NODE_ENV: 'development' })).toBe(false)

      write('src/server/main.ts', 'console.log(2)')
      expect(buildIsCurrent(project, env)).toBe(false)
      recordBuildInputs(project, env)
      write('src/server/new-module.ts', 'export {}') // a new file
      expect(buildIsCurrent(project, env)).toBe(false)
      recordBuildInputs(project, env)
      write('public/robots.txt', 'User-agent: * ') // a public file
      expect(buildIsCurrent(project, env)).toBe(false)
      recordBuildInputs(project, env)
      rmSync(path.join(project, 'dist/server/main.js')) // an output gone
      expect(buildIsCurrent(project, env)).toBe(false)
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  })
})
