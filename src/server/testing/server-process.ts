import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

// The real server as a child process (src/server/main.ts, as `npm start` runs it
// without the web build), for tests that kill it mid-work: a mail not yet sent
// (platform/queue-durability.test.ts), an import not yet committed
// (modules/layoffs/import-kill.test.ts).

const mainScript = path.resolve(import.meta.dirname, '../main.ts')

/** Starts the server with `env` on top of this process's; resolves once it listens. */
export async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('is running at')) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened:\n${output}`)))
  })
  return child
}

/** Sends `signal` (SIGKILL: nothing of it runs after) and resolves once the process has exited. */
export async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}
