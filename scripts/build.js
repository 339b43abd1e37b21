// The production build: the web app (vite, into dist/web) and the server
// compiled to JavaScript (esbuild, one file: dist/server/main.js, what `npm start`
// runs; docs/decisions/038). Plain JavaScript run by node, not
// TypeScript under tsx: `npm start` runs this first on every start, and tsx's own
// start (1.3-3 s on the shared 2-core machine) would cost more than the whole
// restart budget of 2 s.
//
//   node scripts/build.js                # build both (`npm run build`)
//   node scripts/build.js --if-changed   # build only when an input changed since the last build
//   node scripts/build.js --if-changed --prepare-database   # `npm start`: see prepareDatabaseAhead
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { setPriority } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'

const projectRoot = path.resolve(import.meta.dirname, '..')
// the environment `npm start` was given: vite sets NODE_ENV=production in this process as it builds
const startEnvironment = { ...process.env }

// Everything the two builds read, besides node_modules (whose versions package-lock.json pins).
// Test files are left out: neither build reads them.
const inputRoots = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.js',
]
const isTestFile = (name) => /\.test\.tsx?$/.test(name)
// an editor's swap or temporary file (.name.swp, .x.ts.tmp) is no input, and may be gone by the time it is read
const isHidden = (name) => name.startsWith('.')

/** The files under `root` the builds read, as sorted paths relative to it. */
function buildInputs(root = projectRoot) {
  const files = []
  for (const input of inputRoots) {
    const absolute = path.join(root, input)
    if (!existsSync(absolute)) continue
    if (!statSync(absolute).isDirectory()) {
      files.push(input)
      continue
    }
    for (const entry of readdirSync(absolute, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || isTestFile(entry.name) || isHidden(entry.name)) continue
      files.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    }
  }
  return files.sort()
}

/**
 * A digest of every input's path and content, and of NODE_ENV (vite builds
 * React for development when NODE_ENV=development). Contents, not mtimes: a
 * file put back with an older mtime (a checkout, a copy) still counts as changed.
 */
function inputsDigest(root = projectRoot, env = process.env) {
  const hash = createHash('sha256')
  hash.update(`NODE_ENV=${env.NODE_ENV ?? ''}\0`)
  for (const file of buildInputs(root)) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

const stampPath = (root) => path.join(root, 'dist/build-inputs.sha256')
const outputs = (root) => [path.join(root, 'dist/web/index.html'), path.join(root, 'dist/server/main.js')]

/** Records that the outputs of `root` were built from the inputs it has now. */
export function recordBuildInputs(root = projectRoot, env = process.env, digest = inputsDigest(root, env)) {
  writeFileSync(stampPath(root), `${digest}\n`)
}

/** Whether the last build of `root` was made from the inputs it has now (and its outputs are still there). */
export function buildIsCurrent(root = projectRoot, env = process.env) {
  if (!outputs(root).every((file) => existsSync(file))) return false
  let recorded
  try {
    recorded = readFileSync(stampPath(root), 'utf8').trim()
  } catch {
    return false
  }
  return recorded === inputsDigest(root, env)
}

/**
 * Packages that stay imports from node_modules: each finds files of its own at
 * run time (PGlite its WebAssembly and data, unpdf its decoders, sharp its native
 * library, pino its worker threads) or is loaded only when configured (the S3 SDK).
 */
const packagesLoadedAtRunTime = ['@electric-sql/pglite', 'unpdf', 'sharp', 'pino', '@aws-sdk/*', 'pg-native']

/**
 * The server as one ES module file, with the packages it uses: resolving and
 * reading a few hundred modules of node_modules one by one took 0.4 of a
 * restart's 1.7 s (docs/decisions/038). The packages that find their own files
 * stay imports (`packagesLoadedAtRunTime`); a CommonJS package's require() of
 * Node's own modules goes through a require made for the output file. The
 * "#server/*" and "#shared/*" imports of package.json are resolved by esbuild. A source file's own location
 * (import.meta.url, dirname, filename) is what it was under tsx: they are
 * rewritten to point from the output file back to the source file, so paths
 * built from them (drizzle/, dist/web, the seed's assets) resolve as before, from
 * any output folder inside the project.
 */
export async function buildServer(root = projectRoot, outfile = path.join(root, 'dist/server/main.js')) {
  const { build } = await import('esbuild')
  const outdir = path.dirname(path.resolve(outfile))
  const relativeUrl = (to) => path.relative(outdir, to).split(path.sep).join('/')
  const sourceLocation = {
    name: 'source-location',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8')
        const loader = args.path.endsWith('x') ? 'tsx' : 'ts'
        if (!text.includes('import.meta.')) return { contents: text, loader }
        const contents = text
          .replaceAll(
            'import.meta.dirname',
            `(import.meta.dirname + ${JSON.stringify(`/${relativeUrl(path.dirname(args.path))}`)})`,
          )
          .replaceAll('import.meta.filename', `(import.meta.dirname + ${JSON.stringify(`/${relativeUrl(args.path)}`)})`)
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(relativeUrl(args.path))}, import.meta.url).href`)
        return { contents, loader }
      })
    },
  }
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: packagesLoadedAtRunTime,
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceLocation],
  })
}

async function buildWeb(root) {
  const { build } = await import('vite')
  await build({ root, configFile: path.join(root, 'vite.config.ts') })
  await precompressWeb(path.join(root, 'dist/web'))
}

// the precompressing children running: a build that fails or is stopped stops them,
// and starts no new one, so none goes on writing into dist/web beside the next build
const precompressing = new Set()
let buildStopped = false
const stopPrecompressing = () => {
  buildStopped = true
  for (const child of precompressing) child.kill()
}

/**
 * Writes each built script and style again as .br (brotli, best quality) and .gz
 * (gzip -9) beside it: the server sends the smallest the browser accepts without
 * compressing on every request (docs/decisions/010). Brotli's best quality takes
 * about 1.5 s of CPU, so it runs in a child process of lower priority: on a first
 * `npm start` the database preparation beside it comes first (docs/decisions/038).
 */
function precompressWeb(webDir) {
  if (buildStopped) return Promise.reject(new Error('The build was stopped'))
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--precompress', webDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  precompressing.add(child)
  child.on('exit', () => precompressing.delete(child))
  try {
    if (child.pid !== undefined) setPriority(child.pid, 19)
  } catch {
    // a system that refuses it compresses at the usual priority
  }
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`Precompressing ${webDir} failed (${signal ?? `exit ${code}`})`)),
    )
  })
}

/** The child's work (precompressWeb): the scripts and styles vite wrote into `webDir`/assets. */
async function precompressAssets(webDir) {
  const [toBrotli, toGzip] = [promisify(brotliCompress), promisify(gzip)]
  const assets = path.join(webDir, 'assets')
  const names = readdirSync(assets).filter((name) => /\.(js|css)$/.test(name))
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(assets, name)
      const bytes = await readFile(file)
      const brotli = toBrotli(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
      await writeFile(`${file}.gz`, await toGzip(bytes, { level: 9 }))
      await writeFile(`${file}.br`, await brotli)
    }),
  )
}

/**
 * Runs the built server once as the preparer of a new embedded database (main.ts,
 * PRESTIGE_PREPARING_NEW_DATABASE=ahead): on a first `npm start` the database is
 * created, migrated and seeded while the web app builds, not after it (docs/decisions/038).
 * The server decides whether there is anything to prepare (a new embedded database,
 * no random demo passwords to print) and otherwise returns at once. A preparation
 * that fails does not fail the build: the start that follows prepares the database
 * itself, or says what is wrong.
 */
function prepareDatabaseAhead(root) {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: { ...startEnvironment, PRESTIGE_PREPARING_NEW_DATABASE: 'ahead' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve(error.message))
    child.on('exit', (code, signal) => resolve(code === 0 ? undefined : (signal ?? `exit ${code}`)))
  }).then((failure) => {
    if (failure) console.error(`Preparing the database beside the build failed (${failure}): the start does it.`)
  })
  // a build that fails, or is stopped, stops it too: it would go on holding DATA_DIR's lock
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    return done
  }
  return { done, stop }
}

/** Builds the web app and the server, then records the inputs they were built from. */
async function buildAll(root = projectRoot, { prepareDatabase = false } = {}) {
  // no stamp while building: an interrupted build is never taken for a current one
  rmSync(stampPath(root), { force: true })
  const digest = inputsDigest(root)
  const started = performance.now()
  let preparation
  const stopBuild = (signal) => {
    stopPrecompressing()
    const exit = () => process.exit(signal === 'SIGINT' ? 130 : 143)
    if (preparation) void preparation.stop().then(exit)
    else exit()
  }
  process.once('SIGINT', stopBuild).once('SIGTERM', stopBuild)
  const server = buildServer(root).then(() => {
    console.log(`server built in ${Math.round(performance.now() - started)} ms: dist/server/main.js`)
    if (prepareDatabase) {
      preparation = prepareDatabaseAhead(root)
      return preparation.done
    }
  })
  try {
    // side by side: neither reads what the other writes (the preparation reads dist/server only)
    await Promise.all([buildWeb(root), server])
  } catch (error) {
    stopPrecompressing()
    await preparation?.stop()
    throw error
  } finally {
    process.off('SIGINT', stopBuild).off('SIGTERM', stopBuild)
  }
  recordBuildInputs(root, process.env, digest)
}

async function main() {
  if (process.argv[2] === '--precompress') return precompressAssets(process.argv[3])
  if (process.argv.includes('--if-changed') && buildIsCurrent()) return
  await buildAll(projectRoot, { prepareDatabase: process.argv.includes('--prepare-database') })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
