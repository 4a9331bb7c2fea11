// `npm run admin:create -- --email a@b.c --password '...' [--first-name A] [--last-name B]`
// Creates a confirmed user with a manager (admin) profile, or adds the profile to an existing user.
import { parseArgs } from 'node:util'
import { loadConfig } from '../../config'
import { closeDeps, createDeps } from '../../bootstrap'
import { systemContext } from '../../context'
import { zEmail, zPassword } from '../../../shared/validation'
import { ensureManager } from './accounts.service'

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
})
const email = zEmail.safeParse(values.email)
const password = zPassword.safeParse(values.password)
if (!email.success || !password.success) {
  console.error('Usage: npm run admin:create -- --email admin@example.com --password \'8-40 chars with a special character\' [--first-name Ada] [--last-name Admin]')
  process.exit(2)
}
const config = loadConfig()
const deps = await createDeps(config, { work: false })
await deps.database.migrate()
await deps.jobs.start(deps)
const result = await ensureManager(systemContext(deps), {
  email: email.data, password: password.data, firstName: values['first-name'] ?? 'Platform', lastName: values['last-name'] ?? 'Manager',
})
console.log(result.created ? `Manager ${email.data} created.` : `${email.data} now has a manager profile.`)
await closeDeps(deps)
