import { randomBytes } from 'node:crypto';
import { Access, type Role } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { account, organisation } from '../db/schema.ts';
import { hashPassword } from '../modules/session/password.ts';

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts, one per role (README). Seeded only on the embedded database. */
export const DEMO_ACCOUNTS: { username: string; access: Role; branch: 'root' | 'distributor' | 'agent' }[] = [
  { username: 'demo_admin', access: Access.admin, branch: 'root' },
  { username: 'demo_distributor', access: Access.distributor, branch: 'distributor' },
  { username: 'demo_agent', access: Access.agent, branch: 'agent' },
  { username: 'demo_installer', access: Access.installer, branch: 'agent' },
  { username: 'demo_user', access: Access.endUser, branch: 'agent' },
  { username: 'demo_integrator', access: Access.integrator, branch: 'root' },
];

/** Creates the demo organisation and accounts once; later starts find them and change nothing. */
export async function seedDemo(database: Database) {
  const { db } = database;
  const existing = await db.select({ id: account.id }).from(account).where(sql`${account.username} = 'demo_admin'`);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    const [root] = await tx.select({ id: organisation.id }).from(organisation).where(sql`${organisation.parentId} is null`);
    if (!root) throw new Error('The manufacturer organisation is missing: run the migrations.');
    await tx.update(organisation).set({ name: 'Sunstack Demo Manufacturing' }).where(sql`${organisation.id} = ${root.id}`);
    const [distributor] = await tx
      .insert(organisation)
      .values({ parentId: root.id, kind: 'distributor', name: 'Demo Distribution Europe', code: 'DEMODIST' })
      .returning({ id: organisation.id });
    const [agent] = await tx
      .insert(organisation)
      .values({ parentId: distributor?.id, kind: 'agent', name: 'Demo Solar Agency', code: 'DEMOAGNT' })
      .returning({ id: organisation.id });
    const branchIds = { root: root.id, distributor: distributor?.id ?? root.id, agent: agent?.id ?? root.id };
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx.insert(account).values(
      DEMO_ACCOUNTS.map((demo) => ({
        organisationId: branchIds[demo.branch],
        username: demo.username,
        email: `${demo.username}@demo.sunstack.local`,
        passwordHash,
        access: demo.access,
        name: demo.username.replace('demo_', 'Demo ').replace(/^Demo (\w)/, (_, c: string) => `Demo ${c.toUpperCase()}`),
        country: 'DE',
        city: 'Freiburg',
        clientId: randomBytes(8).toString('hex'),
      })),
    );
  });
  return true;
}
