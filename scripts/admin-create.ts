// npm run admin:create -- --email someone@example.com [--password Secret123] [--first-name A --last-name B]
// Creates the first admin of a real deployment, or promotes an existing account.
import { parseArgs } from 'node:util'
import { loadConfig } from '#server/config.ts'
import { migrateDatabase, openDatabase } from '#server/db/client.ts'
import { createOrPromoteAdmin } from '#server/modules/accounts/members.ts'
import { Email, Password } from '#shared/accounts/schemas.ts'

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
})

async function run() {
  const email = Email.safeParse(values.email ?? '')
  if (!email.success) throw new Error('--email: ' + email.error.issues[0]!.message)
  if (values.password !== undefined) {
    const password = Password.safeParse(values.password)
    if (!password.success) throw new Error('--password: ' + password.error.issues[0]!.message)
  }
  const config = loadConfig()
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR })
  try {
    await migrateDatabase(database)
    const result = await createOrPromoteAdmin(database.db, {
      email: email.data,
      password: values.password,
      firstName: values['first-name'],
      lastName: values['last-name'],
    })
    console.log(result.created ? `Created admin ${result.email}` : `${result.email} is now an admin`)
  } finally {
    await database.close()
  }
}

run().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
