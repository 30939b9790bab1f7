import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { Access, emailSchema, passwordSchema, usernameSchema } from '@sunstack/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createAccountRepo } from '../modules/account/repo.ts';
import { hashPassword } from '../modules/session/password.ts';

/**
 * Creates an administrator (access 255) on the configured database: how a production
 * installation gets its first account, since demo accounts exist only on the embedded database.
 *   npm run admin:create -w @sunstack/server -- <user name> <email>
 * The password is read from ADMIN_PASSWORD, or asked for on the terminal.
 */
async function main() {
  const [username, email] = process.argv.slice(2);
  const user = usernameSchema.safeParse(username);
  const mail = emailSchema.safeParse(email);
  if (!user.success || !mail.success) {
    console.error('Usage: npm run admin:create -w @sunstack/server -- <user name (4-20 letters, digits, . _ -)> <email>');
    process.exit(2);
  }
  const password = process.env.ADMIN_PASSWORD ?? (await ask('Password (6-20 characters): '));
  if (!passwordSchema.safeParse(password).success) {
    console.error('The password must be 6 to 20 characters long.');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    const accounts = createAccountRepo(database.db);
    if ((await accounts.usernameTaken(user.data)) || (await accounts.emailTaken(mail.data))) {
      console.error('That user name or email is already taken.');
      process.exitCode = 1;
      return;
    }
    await accounts.insert({
      organisationId: await accounts.rootOrganisationId(),
      username: user.data,
      email: mail.data,
      passwordHash: await hashPassword(password),
      access: Access.admin,
      clientId: randomBytes(8).toString('hex'),
    });
    console.log(`Administrator ${user.data} created on ${database.kind === 'postgres' ? 'DATABASE_URL' : config.dataDir}.`);
  } finally {
    await database.close();
  }
}

async function ask(question: string) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

await main();
