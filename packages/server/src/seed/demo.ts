import { randomBytes } from 'node:crypto';
import { Access, type Role } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { account, datalogger, organisation, plant } from '../db/schema.ts';
import { hashDeviceSecret, newDeviceSecret } from '../modules/datalogger/secret.ts';
import { createPlantRepo, type NewPlant } from '../modules/plant/repo.ts';
import { hashPassword } from '../modules/session/password.ts';

export const DEMO_PASSWORD = 'demo1234';

type Branch = 'root' | 'distributor' | 'agent' | 'distributor2' | 'agent2';

/** The demo organisation: two distributor branches, each with an agent; codes join sign-ups to them. */
const DEMO_BRANCHES: { key: Exclude<Branch, 'root'>; parent: Branch; kind: 'distributor' | 'agent'; name: string; code: string }[] = [
  { key: 'distributor', parent: 'root', kind: 'distributor', name: 'Demo Distribution Europe', code: 'DEMODIST' },
  { key: 'agent', parent: 'distributor', kind: 'agent', name: 'Demo Solar Agency', code: 'DEMOAGNT' },
  { key: 'distributor2', parent: 'root', kind: 'distributor', name: 'Demo Distribution Iberia', code: 'DEMODIS2' },
  { key: 'agent2', parent: 'distributor2', kind: 'agent', name: 'Demo Sol Agencia', code: 'DEMOAGN2' },
];

/** The demo accounts, one per role and a second installer and user in the other branch (README). */
export const DEMO_ACCOUNTS: { username: string; access: Role; branch: Branch }[] = [
  { username: 'demo_admin', access: Access.admin, branch: 'root' },
  { username: 'demo_distributor', access: Access.distributor, branch: 'distributor' },
  { username: 'demo_agent', access: Access.agent, branch: 'agent' },
  { username: 'demo_installer', access: Access.installer, branch: 'agent' },
  { username: 'demo_user', access: Access.endUser, branch: 'agent' },
  { username: 'demo_integrator', access: Access.integrator, branch: 'root' },
  { username: 'demo_installer2', access: Access.installer, branch: 'agent2' },
  { username: 'demo_user2', access: Access.endUser, branch: 'agent2' },
];

type DemoPlant = Pick<NewPlant, 'name' | 'type' | 'country' | 'city' | 'latitude' | 'longitude' | 'timeZone' | 'systemSizeKw'> & {
  branch: Branch;
  installer: string;
  owner?: string;
  datalogger: string;
};

/** Plants in both branches, so what each demo account sees differs visibly. */
const DEMO_PLANTS: DemoPlant[] = [
  {
    name: 'Freiburg family roof',
    type: 'residential',
    country: 'DE',
    city: 'Freiburg',
    latitude: 47.999,
    longitude: 7.842,
    timeZone: 'Europe/Berlin',
    systemSizeKw: 9.8,
    branch: 'agent',
    installer: 'demo_installer',
    owner: 'demo_user',
    datalogger: '860000000000001',
  },
  {
    name: 'Lyon bakery',
    type: 'commercial',
    country: 'FR',
    city: 'Lyon',
    latitude: 45.764,
    longitude: 4.835,
    timeZone: 'Europe/Paris',
    systemSizeKw: 30,
    branch: 'agent',
    installer: 'demo_installer',
    datalogger: '860000000000002',
  },
  {
    name: 'Sevilla finca',
    type: 'residential',
    country: 'ES',
    city: 'Sevilla',
    latitude: 37.389,
    longitude: -5.984,
    timeZone: 'Europe/Madrid',
    systemSizeKw: 12,
    branch: 'agent2',
    installer: 'demo_installer2',
    owner: 'demo_user2',
    datalogger: '860000000000003',
  },
  {
    name: 'Porto warehouse',
    type: 'commercial',
    country: 'PT',
    city: 'Porto',
    latitude: 41.157,
    longitude: -8.629,
    timeZone: 'Europe/Lisbon',
    systemSizeKw: 55,
    branch: 'agent2',
    installer: 'demo_installer2',
    datalogger: '860000000000004',
  },
];

/**
 * Creates what is missing of the demo organisation, accounts and plants, so an older demo data
 * folder gains what a newer version adds. Runs only on the embedded database (config.demo).
 */
export async function seedDemo(database: Database) {
  const { db } = database;
  let created = false;

  const branchIds = new Map<Branch, number>();
  const [root] = await db.select({ id: organisation.id }).from(organisation).where(sql`${organisation.parentId} is null`);
  if (!root) throw new Error('The manufacturer organisation is missing: run the migrations.');
  branchIds.set('root', root.id);
  for (const branch of DEMO_BRANCHES) {
    const [existing] = await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.code, branch.code));
    if (existing) {
      branchIds.set(branch.key, existing.id);
      continue;
    }
    const [row] = await db
      .insert(organisation)
      .values({ parentId: branchIds.get(branch.parent) as number, kind: branch.kind, name: branch.name, code: branch.code })
      .returning({ id: organisation.id });
    branchIds.set(branch.key, (row as { id: number }).id);
    created = true;
  }

  const accountIds = new Map<string, number>();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: account.id }).from(account).where(eq(account.username, demo.username));
    if (existing) {
      accountIds.set(demo.username, existing.id);
      continue;
    }
    const [row] = await db
      .insert(account)
      .values({
        organisationId: branchIds.get(demo.branch) as number,
        username: demo.username,
        email: `${demo.username}@demo.sunstack.local`,
        passwordHash,
        access: demo.access,
        name: demo.username.replace('demo_', 'Demo ').replace(/ (\w)/, (_, c: string) => ` ${c.toUpperCase()}`),
        country: 'DE',
        city: 'Freiburg',
        clientId: randomBytes(8).toString('hex'),
      })
      .returning({ id: account.id });
    accountIds.set(demo.username, (row as { id: number }).id);
    created = true;
  }

  const plants = createPlantRepo(db);
  const adminId = accountIds.get('demo_admin') as number;
  for (const demo of DEMO_PLANTS) {
    const [existing] = await db.select({ id: plant.id }).from(plant).where(eq(plant.name, demo.name));
    if (existing) continue;
    await db
      .insert(datalogger)
      .values({
        sn: demo.datalogger,
        secretHash: hashDeviceSecret(newDeviceSecret()),
        organisationId: root.id,
        registeredBy: adminId,
      })
      .onConflictDoNothing();
    const { branch, installer, owner, datalogger: sn, ...fields } = demo;
    const installerId = accountIds.get(installer) as number;
    await plants.create(
      {
        ...fields,
        organisationId: branchIds.get(branch) as number,
        installerId,
        ownerId: owner ? (accountIds.get(owner) ?? null) : null,
        createdBy: installerId,
      },
      [sn],
    );
    created = true;
  }
  return created;
}
