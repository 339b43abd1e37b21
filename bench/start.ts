// Start time and idle memory of `npm start` (issue 23 §4), on PGlite and on
// PostgreSQL: for each engine a first start (a build from nothing, an empty
// database: migrations and, on PGlite, the demo seed), then a restart on the same
// data with nothing to build. Each runs `npm start` exactly as an operator does,
// in a copy of the project under the system's temp folder (its own dist/ and data/,
// node_modules linked), so the bench never rebuilds or locks the working tree's.
// It prints the time from spawn to the first 200 of /readyz, and the resident
// memory (VmRSS) after ~5 s idle: of the server process, and of the whole tree
// npm starts (npm, sh, the server).
//
// Start times on a shared machine drift with its load: each run first times a bare
// Hono app started by node (the floor), and prints every start as a multiple of it.
//
//   npx tsx bench/start.ts
//   BENCH_ENGINES=pglite npx tsx bench/start.ts   # one engine
//   BENCH_RESTARTS=3 npx tsx bench/start.ts       # more restarts per engine (default 2)
//   BENCH_SOURCE=/tmp/old npx tsx bench/start.ts  # another checkout of the project (say, before a change)
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { defaultPostgresUrl, postgresAnswers, scratchDatabase } from './support.ts'

const root = path.resolve(import.meta.dirname, '..')
const source = path.resolve(process.env.BENCH_SOURCE ?? root)
// what a clone holds that `npm start` reads (docs, tests and benches it never reads)
const projectFiles = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'public',
  'src',
  'scripts',
  'drizzle',
]
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 5000)
const restarts = Number(process.env.BENCH_RESTARTS ?? 2)

type Run = { label: string; readyMs: number; serverRssMb: number; treeRssMb: number; heapNote: string }

function projectCopy(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'prestige-start-bench-'))
  for (const name of projectFiles) cpSync(path.join(source, name), path.join(copy, name), { recursive: true })
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'))
  return copy
}

/** Every process below `pid`, read from /proc (Linux). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // the command name is in parentheses and may hold spaces: the fields after it are fixed
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // the process ended while we read
    }
  }
  const found: number[] = []
  const walk = (of: number) => {
    for (const child of children.get(of) ?? []) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
  } catch {
    return ''
  }
}

async function waitForReady(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output().slice(-3000)}`)
    if (Date.now() > deadline) throw new Error(`no 200 from /readyz within 180 s:\n${output().slice(-3000)}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`)
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

// The floor: a bare Hono app (one route) served by @hono/node-server, started by node.
const bareApp = `import { serve } from '@hono/node-server'
import { Hono } from 'hono'
const app = new Hono().get('/readyz', (c) => c.json({ status: 'ready' }))
serve({ fetch: app.fetch, port: Number(process.env.PORT) })
`

async function startOnce(
  folder: string,
  label: string,
  env: Record<string, string>,
  command = ['npm', 'start', '--silent'],
): Promise<Run> {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const started = performance.now()
  const child = spawn(command[0]!, command.slice(1), {
    cwd: folder,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: path.join(folder, 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    await waitForReady(port, child, () => output)
    const readyMs = performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, idleMs))
    const all = [child.pid!, ...descendants(child.pid!)]
    // the server: the process of the tree holding the most memory (under npm and sh, and under tsx's launcher)
    const server = all.reduce((best, pid) => (rssKb(pid) > rssKb(best) ? pid : best), all[0]!)
    const run = {
      label,
      readyMs,
      serverRssMb: rssKb(server) / 1024,
      treeRssMb: all.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024,
      heapNote: commandLine(server).replace(folder, '.'),
    }
    // a clean stop (SIGTERM to the server itself): PGlite closes its files before the restart
    process.kill(server, 'SIGTERM')
    await exited
    return run
  } catch (error) {
    for (const pid of descendants(child.pid!).reverse()) process.kill(pid, 'SIGKILL')
    child.kill('SIGKILL')
    throw error
  }
}

async function benchEngine(kind: 'pglite' | 'postgres', postgresUrl: string): Promise<Run[]> {
  const copy = projectCopy()
  const scratch = kind === 'postgres' ? await scratchDatabase(postgresUrl) : undefined
  const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {}
  try {
    const runs = [await startOnce(copy, `${kind} first start (build, empty database)`, env)]
    for (let index = 1; index <= restarts; index++) {
      runs.push(await startOnce(copy, `${kind} restart ${index} (nothing to build)`, env))
    }
    return runs
  } finally {
    await scratch?.drop()
    rmSync(copy, { recursive: true, force: true })
  }
}

async function main() {
  const wanted = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((name) => name.trim())
  const postgresUrl = process.env.DATABASE_URL ?? defaultPostgresUrl
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')
  console.log(`npm start of ${source}, ${idleMs / 1000} s idle before reading memory; load average ${load()}`)
  // .tmp/ is ignored by git: a fresh clone has none
  mkdirSync(path.join(root, '.tmp'), { recursive: true })
  const bareFolder = mkdtempSync(path.join(root, '.tmp', 'bare-app-'))
  writeFileSync(path.join(bareFolder, 'main.js'), bareApp)
  let floor: Run
  try {
    floor = await startOnce(bareFolder, 'bare Hono app (node main.js)', {}, ['node', 'main.js'])
  } finally {
    rmSync(bareFolder, { recursive: true, force: true })
  }
  const print = (run: Run) =>
    console.log(
      `${run.label.padEnd(44)} first 200 ${(run.readyMs / 1000).toFixed(2).padStart(6)} s` +
        ` (${(run.readyMs / floor.readyMs).toFixed(1).padStart(5)} x bare)   ` +
        `server RSS ${run.serverRssMb.toFixed(0).padStart(4)} MB   tree RSS ${run.treeRssMb.toFixed(0).padStart(4)} MB   (${run.heapNote})`,
    )
  print(floor)
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!wanted.includes(kind)) continue
    if (kind === 'postgres' && !(await postgresAnswers(postgresUrl))) {
      console.log(`postgres: no PostgreSQL answers at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}, skipped`)
      continue
    }
    for (const run of await benchEngine(kind, postgresUrl)) print(run)
  }
  console.log(`load average at the end ${load()}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
