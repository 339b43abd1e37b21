// Lighthouse scores of the landing page '/': performance and accessibility on the
// mobile preset (simulated slow 4G and CPU), three runs against the real server on
// an in-memory PGlite serving the built web app. Prints each run, the medians,
// LCP, TBT, CLS and the JavaScript of '/': as transferred (brotli, headers
// included) and as gzip bodies (the budget's measure); exits 1 if a run fails.
// Needs `npm run build` first and Chromium (apt-get install -y chromium); Lighthouse
// 12 is fetched by npx (13 needs Node 22).
//
//   npm run build && npx tsx bench/lighthouse.ts
//   CHROME_PATH=/path/to/chrome LIGHTHOUSE_RUNS=5 npx tsx bench/lighthouse.ts
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { webRoot } from '#server/app.ts'
import { engineFromEnv, startBenchServer } from './support.ts'

const lighthouse = 'lighthouse@12.8.2'
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

type Audit = {
  numericValue?: number
  details?: { items?: { url?: string; resourceType?: string; transferSize?: number }[] }
}
type Report = {
  runtimeError?: { code: string; message: string }
  categories: Record<'performance' | 'accessibility', { score: number | null }>
  audits: Record<string, Audit | undefined>
}
type Run = {
  performance: number
  accessibility: number
  lcp: number
  tbt: number
  cls: number
  scriptBytes: number
  scriptGzipBytes: number
  /** each script's gzip -9 bytes by path */
  scripts: Map<string, number>
}

function runLighthouse(url: string, outputPath: string): Promise<void> {
  const args = [
    '-y',
    lighthouse,
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${outputPath}`,
    '--chrome-flags=--headless --no-sandbox --disable-gpu',
    '--quiet',
  ]
  return new Promise((resolve, reject) => {
    execFile(
      'npx',
      args,
      { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `lighthouse failed (${error.code ?? error.message}): ${stderr.trim().split('\n').slice(-5).join('\n')}`,
            ),
          )
        else resolve()
      },
    )
  })
}

/** The gzip size of the build's own scripts among `urls` (the .gz the build wrote beside each). */
async function gzipBytesOf(urls: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>()
  for (const url of urls) {
    const file = new URL(url).pathname
    sizes.set(file, (await stat(path.join(webRoot, file) + '.gz')).size)
  }
  return sizes
}

async function readRun(report: Report): Promise<Run> {
  if (report.runtimeError)
    throw new Error(`lighthouse runtime error ${report.runtimeError.code}: ${report.runtimeError.message}`)
  const score = (name: 'performance' | 'accessibility') => {
    const value = report.categories[name]?.score
    if (typeof value !== 'number') throw new Error(`lighthouse gave no ${name} score`)
    return Math.round(value * 100)
  }
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  const requests = report.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((item) => item.resourceType === 'Script')
  const scriptBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
  const gzipSizes = await gzipBytesOf(scripts.map((item) => item.url!))
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    scriptBytes,
    scriptGzipBytes: [...gzipSizes.values()].reduce((sum, size) => sum + size, 0),
    scripts: gzipSizes,
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function main() {
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    console.error('dist/web/index.html is missing: run `npm run build` first (this benchmark builds nothing)')
    process.exit(1)
  }
  if (!existsSync(chromePath)) {
    console.error(`${chromePath} is missing: apt-get install -y chromium, or set CHROME_PATH`)
    process.exit(1)
  }

  const work = await mkdtemp(path.join(tmpdir(), 'lighthouse-bench-'))
  // the real server, in a process of its own, on the embedded database (DATABASE_URL switches it, as in the other benches)
  const bench = await startBenchServer(engineFromEnv())
  const appUrl = bench.baseUrl

  const results: Run[] = []
  let failed = false
  try {
    for (let index = 1; index <= runs; index++) {
      const outputPath = path.join(work, `run-${index}.json`)
      await runLighthouse(`${appUrl}/`, outputPath)
      const run = await readRun(JSON.parse(await readFile(outputPath, 'utf8')) as Report)
      results.push(run)
      console.log(
        `run ${index}: performance ${run.performance}, accessibility ${run.accessibility}  (LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)})`,
      )
    }
  } catch (error) {
    failed = true
    console.error(error instanceof Error ? error.message : error)
  } finally {
    await bench.close()
    await rm(work, { recursive: true, force: true })
  }
  if (failed || results.length === 0) process.exit(1)

  const of = (key: Exclude<keyof Run, 'scripts'>) => median(results.map((run) => run[key]))
  console.log(`${lighthouse}, mobile preset, ${results.length} runs against ${appUrl}/`)
  console.log(`median performance ${of('performance')}, accessibility ${of('accessibility')}`)
  console.log(`median LCP ${Math.round(of('lcp'))} ms, TBT ${Math.round(of('tbt'))} ms, CLS ${of('cls').toFixed(3)}`)
  console.log(
    `JavaScript of '/': ${(of('scriptBytes') / 1024).toFixed(1)} KiB transferred (brotli, headers included), ${of('scriptGzipBytes')} bytes as gzip -9 (${(of('scriptGzipBytes') / 1024).toFixed(1)} KiB)`,
  )
  // which chunk spends the budget (the first run's; every run loads the same build)
  for (const [file, size] of results[0]!.scripts) console.log(`  ${String(size).padStart(7)}  ${file}`)
  process.exit(0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
