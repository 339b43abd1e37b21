import { existsSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import pgliteSetup from '#server/testing/global-setup.ts'

// Browser tests need the built web app (npm test builds it first) and Chromium
// from Debian (.ci/run installs it when missing).
export default async function setup(project: TestProject) {
  const index = path.resolve(import.meta.dirname, '../../../dist/web/index.html')
  if (!existsSync(index)) throw new Error('dist/web is missing: run `npm run build` before the browser tests')
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromium)) throw new Error(`${chromium} is missing: apt-get install -y chromium`)
  return pgliteSetup(project)
}
