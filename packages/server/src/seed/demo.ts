import { randomBytes } from 'node:crypto';
import { Access, type Permission, type Role } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  account,
  assetGroup,
  assetGroupMember,
  datalogger,
  department,
  device,
  deviceGrant,
  organisation,
  permissionGroup,
  plant,
} from '../db/schema.ts';
import { hashDeviceSecret, newDeviceSecret } from '../modules/datalogger/secret.ts';
import { createDeviceRepo } from '../modules/device/repo.ts';
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

type DemoPlant = Pick<
  NewPlant,
  | 'name'
  | 'type'
  | 'country'
  | 'city'
  | 'latitude'
  | 'longitude'
  | 'timeZone'
  | 'systemSizeKw'
  | 'panelTilt'
  | 'panelAzimuth'
  | 'currency'
  | 'feedInTariff'
  | 'importPrice'
  | 'pricePeriods'
> & {
  branch: Branch;
  installer: string;
  owner?: string;
  datalogger: string;
};

/** Who installed and owns the first four plants; the rest alternate between the two branches. */
const FIRST_PLANTS_PEOPLE: Pick<DemoPlant, 'branch' | 'installer' | 'owner'>[] = [
  { branch: 'agent', installer: 'demo_installer', owner: 'demo_user' },
  { branch: 'agent', installer: 'demo_installer' },
  { branch: 'agent2', installer: 'demo_installer2', owner: 'demo_user2' },
  { branch: 'agent2', installer: 'demo_installer2' },
];

/**
 * What electricity costs the demo plants (per kWh, about 2025's household figures of each market),
 * so their earnings and savings show at once; the German plants buy at a night tariff from 22:00.
 */
const DEMO_PRICES: Record<string, Pick<DemoPlant, 'currency' | 'feedInTariff' | 'importPrice' | 'pricePeriods'>> = {
  EU: { currency: 'EUR', feedInTariff: 0.08, importPrice: 0.3, pricePeriods: [] },
  DE: {
    currency: 'EUR',
    feedInTariff: 0.081,
    importPrice: 0.36,
    pricePeriods: [{ start: '22:00', end: '06:00', kind: 'valley', price: 0.27 }],
  },
  AU: { currency: 'AUD', feedInTariff: 0.05, importPrice: 0.32, pricePeriods: [] },
  US: { currency: 'USD', feedInTariff: 0.06, importPrice: 0.3, pricePeriods: [] },
  BR: { currency: 'BRL', feedInTariff: 0.5, importPrice: 0.85, pricePeriods: [] },
  CH: { currency: 'CHF', feedInTariff: 0.1, importPrice: 0.3, pricePeriods: [] },
  PL: { currency: 'PLN', feedInTariff: 0.45, importPrice: 1.1, pricePeriods: [] },
  CZ: { currency: 'CZK', feedInTariff: 1.5, importPrice: 6, pricePeriods: [] },
  RO: { currency: 'RON', feedInTariff: 0.3, importPrice: 1.3, pricePeriods: [] },
  TR: { currency: 'TRY', feedInTariff: 1.5, importPrice: 3, pricePeriods: [] },
  // Won prices exceed the 100-per-kWh limit of the price fields: the Korean plant keeps none.
  KR: { currency: 'KRW', feedInTariff: null, importPrice: null, pricePeriods: [] },
};

/**
 * The plants of the simulated fleet (packages/simulator), in both branches, so what each demo
 * account sees differs visibly; their dataloggers are the fleet's.
 */
export const DEMO_PLANTS: DemoPlant[] = DEMO_FLEET_METADATA.map((fleetPlant, index) => ({
  name: fleetPlant.name,
  type: fleetPlant.type,
  country: fleetPlant.country,
  city: fleetPlant.city,
  latitude: fleetPlant.latitude,
  longitude: fleetPlant.longitude,
  timeZone: fleetPlant.timeZone,
  systemSizeKw: fleetPlant.systemSizeKw,
  panelTilt: fleetPlant.panelTilt,
  panelAzimuth: fleetPlant.panelAzimuth,
  ...(DEMO_PRICES[fleetPlant.country] ?? DEMO_PRICES.EU),
  datalogger: fleetPlant.dataloggerSn,
  ...(FIRST_PLANTS_PEOPLE[index] ??
    (index % 2 === 0
      ? { branch: 'agent' as const, installer: 'demo_installer' }
      : { branch: 'agent2' as const, installer: 'demo_installer2' })),
}));

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
    // A demo plant is known by its datalogger: once that is registered, the plant was seeded, whatever
    // users did to it since (renamed, unbound, deleted). Found by name, a renamed plant was seeded again
    // and failed on its bound datalogger, which stopped the server.
    const registered = await db
      .insert(datalogger)
      .values({
        sn: demo.datalogger,
        secretHash: hashDeviceSecret(newDeviceSecret()),
        organisationId: root.id,
        registeredBy: adminId,
      })
      .onConflictDoNothing()
      .returning({ sn: datalogger.sn });
    if (registered.length === 0) continue;
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
  // Spare dataloggers, registered and unbound, to try linking one (the admin's datalogger list shows their check codes).
  for (const sn of DEMO_SPARE_DATALOGGERS) {
    const rows = await db
      .insert(datalogger)
      .values({ sn, secretHash: hashDeviceSecret(newDeviceSecret()), organisationId: root.id, registeredBy: adminId })
      .onConflictDoNothing()
      .returning({ sn: datalogger.sn });
    if (rows.length > 0) created = true;
  }
  if (await seedDemoDevices(database)) created = true;
  if (await seedDemoGrants(database, accountIds)) created = true;
  if (await seedDemoPowerInfo(database, accountIds.get('demo_admin') as number)) created = true;
  if (await seedDemoBranchesAndGroups(database, accountIds.get('demo_admin') as number)) created = true;
  return created;
}

/** Registered but in no plant: what an installer links with the SN and check code of the label. */
export const DEMO_SPARE_DATALOGGERS = ['880000000000001', '880000000000002', '880000000000003'];

type DemoDevice = Pick<typeof device.$inferInsert, 'sn' | 'type' | 'model' | 'ratedPowerKw' | 'firmware'> & { datalogger: string };

/**
 * What the fleet's dataloggers report as their inventory, created at seeding so every device list
 * has data before the simulator connects; its inventory then keeps them current.
 */
const DEMO_DEVICES: DemoDevice[] = DEMO_FLEET_METADATA.flatMap((fleetPlant) =>
  fleetPlant.devices.map((d) => ({
    datalogger: fleetPlant.dataloggerSn,
    sn: d.sn,
    type: d.type,
    model: d.model,
    ratedPowerKw: d.ratedPower ?? null,
    // Only the versions the device has (JSON has no undefined).
    firmware: Object.fromEntries(Object.entries(d.fw).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  })),
);

/**
 * Creates the demo devices that are missing, in the plant their datalogger is bound to, as if the
 * datalogger had just reported its inventory.
 */
export async function seedDemoDevices(database: Database) {
  const { db } = database;
  let created = false;
  for (const { datalogger: sn, ...demo } of DEMO_DEVICES) {
    const [logger] = await db.select({ plantId: datalogger.plantId }).from(datalogger).where(eq(datalogger.sn, sn));
    if (!logger) continue;
    const rows = await db
      .insert(device)
      .values({ ...demo, dataloggerSn: sn, plantId: logger.plantId, lastSeenAt: new Date() })
      .onConflictDoNothing()
      .returning({ sn: device.sn });
    if (rows.length > 0) created = true;
  }
  return created;
}

/**
 * What the owners of two demo plants authorise to demo_integrator (data authorisation): Freiburg's inverter,
 * which the integrator may also command, its battery and heat pump, and Sevilla's inverter to read.
 */
export const DEMO_GRANTS: { owner: string; sn: string; canControl: boolean }[] = [
  { owner: 'demo_user', sn: '60H1060A2301001', canControl: true },
  { owner: 'demo_user', sn: '60B1104A2301001', canControl: false },
  { owner: 'demo_user', sn: '60P0090A2301001', canControl: false },
  { owner: 'demo_user2', sn: '60H1080A2303001', canControl: false },
];

/**
 * Authorises the demo devices to demo_integrator as their owners would (the device module's grants), while
 * it holds none: an integrator whose list is empty shows nothing of what it is for. Devices that are gone
 * are left out.
 */
export async function seedDemoGrants(database: Database, accountIds: Map<string, number>) {
  const { db } = database;
  const integratorId = accountIds.get('demo_integrator') as number;
  const [held] = await db.select({ sn: deviceGrant.deviceSn }).from(deviceGrant).where(eq(deviceGrant.integratorId, integratorId)).limit(1);
  if (held) return false;
  const present = new Set(
    (
      await db
        .select({ sn: device.sn })
        .from(device)
        .where(
          inArray(
            device.sn,
            DEMO_GRANTS.map((grant) => grant.sn),
          ),
        )
    ).map((row) => row.sn),
  );
  const rows = DEMO_GRANTS.filter((grant) => present.has(grant.sn)).map((grant) => ({
    deviceSn: grant.sn,
    integratorId,
    canControl: grant.canControl,
    grantedBy: accountIds.get(grant.owner) as number,
  }));
  if (rows.length === 0) return false;
  await createDeviceRepo(db).grant(rows);
  return true;
}

/** Power info: the demo manufacturer's details, departments and permission groups (demo_admin keeps every switch). */
const DEMO_COMPANY = {
  name: 'Sunstack Demo Manufacturing',
  country: 'DE',
  address: 'Solarstraße 1, 79098 Freiburg',
  email: 'info@sunstack-demo.example',
  phone: '+49 761 555 0100',
  website: 'https://sunstack-demo.example',
};
const DEMO_PERMISSION_GROUPS: { name: string; permissions: Permission[] }[] = [
  {
    name: 'Firmware team',
    permissions: [
      'firmware.view',
      'firmware.import',
      'firmware.publish',
      'upgrade.inverter',
      'upgrade.module',
      'upgrade.battery',
      'upgrade.batch',
    ],
  },
  {
    name: 'After-sales service',
    permissions: [
      'member.query',
      'errorRecord.query',
      'errorRecord.download',
      'report.query',
      'site.edit',
      'blacklist.set',
      'account.migrate',
    ],
  },
  {
    name: 'Auditors (read only)',
    permissions: ['organisation.query', 'role.query', 'member.query', 'audit.logAudit', 'audit.accountLog', 'audit.operationLog'],
  },
];
/** Departments by name, with their parent's name and their group's. */
const DEMO_DEPARTMENTS: { name: string; parent?: string; group?: string }[] = [
  { name: 'Management' },
  { name: 'Engineering' },
  { name: 'Firmware', parent: 'Engineering', group: 'Firmware team' },
  { name: 'After-sales', group: 'After-sales service' },
  { name: 'Internal audit', parent: 'Management', group: 'Auditors (read only)' },
];

export async function seedDemoPowerInfo(database: Database, adminId: number) {
  const { db } = database;
  let created = false;
  const [root] = await db.select().from(organisation).where(sql`${organisation.parentId} is null`);
  if (root && root.address === '') {
    await db.update(organisation).set(DEMO_COMPANY).where(eq(organisation.id, root.id));
    created = true;
  }
  const groupIds = new Map<string, number>();
  for (const group of DEMO_PERMISSION_GROUPS) {
    const [existing] = await db.select({ id: permissionGroup.id }).from(permissionGroup).where(eq(permissionGroup.name, group.name));
    const [row] = existing ? [existing] : await db.insert(permissionGroup).values(group).returning({ id: permissionGroup.id });
    groupIds.set(group.name, (row as { id: number }).id);
    created ||= !existing;
  }
  const departmentIds = new Map<string, number>();
  for (const demo of DEMO_DEPARTMENTS) {
    const [existing] = await db.select({ id: department.id }).from(department).where(eq(department.name, demo.name));
    const values = {
      name: demo.name,
      parentId: demo.parent ? (departmentIds.get(demo.parent) ?? null) : null,
      permissionGroupId: demo.group ? (groupIds.get(demo.group) ?? null) : null,
    };
    const [row] = existing ? [existing] : await db.insert(department).values(values).returning({ id: department.id });
    departmentIds.set(demo.name, (row as { id: number }).id);
    created ||= !existing;
  }
  const [admin] = await db.select({ departmentId: account.departmentId }).from(account).where(eq(account.id, adminId));
  if (admin && admin.departmentId === null) {
    await db
      .update(account)
      .set({ departmentId: departmentIds.get('Management') as number })
      .where(eq(account.id, adminId));
    created = true;
  }
  return created;
}

/** Country and organisation email of the demo branches (distributor management, spec section 3). */
const DEMO_BRANCH_DETAILS: Record<string, { country: string; email: string }> = {
  DEMODIST: { country: 'DE', email: 'europe@demo.sunstack.local' },
  DEMOAGNT: { country: 'DE', email: 'agency@demo.sunstack.local' },
  DEMODIS2: { country: 'ES', email: 'iberia@demo.sunstack.local' },
  DEMOAGN2: { country: 'ES', email: 'agencia@demo.sunstack.local' },
};

/** Groups for group management: a plant group across both branches and an inverter group. */
const DEMO_ASSET_GROUPS: { name: string; kind: 'plant' | 'device'; plants?: string[]; devices?: string[] }[] = [
  { name: 'Demo rooftops', kind: 'plant', plants: ['Freiburg family roof', 'Sevilla finca'] },
  { name: 'Demo inverters', kind: 'device', devices: ['60H1060A2301001', '60C3015A2302001', '60C3025A2304001'] },
];

/** Fills in what an older demo folder lacks: branch details and the demo groups (members that exist). */
export async function seedDemoBranchesAndGroups(database: Database, adminId: number) {
  const { db } = database;
  let created = false;
  for (const [code, details] of Object.entries(DEMO_BRANCH_DETAILS)) {
    const changed = await db
      .update(organisation)
      .set(details)
      .where(sql`${organisation.code} = ${code} and ${organisation.email} = ''`)
      .returning({ id: organisation.id });
    if (changed.length > 0) created = true;
  }
  const [root] = await db.select({ id: organisation.id }).from(organisation).where(sql`${organisation.parentId} is null`);
  for (const demo of DEMO_ASSET_GROUPS) {
    const [existing] = await db.select({ id: assetGroup.id }).from(assetGroup).where(eq(assetGroup.name, demo.name));
    if (existing) continue;
    const [group] = await db
      .insert(assetGroup)
      .values({ kind: demo.kind, name: demo.name, organisationId: (root as { id: number }).id, createdBy: adminId })
      .returning({ id: assetGroup.id });
    const groupId = (group as { id: number }).id;
    const plantIds = demo.plants ? await db.select({ id: plant.id }).from(plant).where(inArray(plant.name, demo.plants)) : [];
    const deviceSns = demo.devices ? await db.select({ sn: device.sn }).from(device).where(inArray(device.sn, demo.devices)) : [];
    const members = [...plantIds.map((row) => ({ groupId, plantId: row.id })), ...deviceSns.map((row) => ({ groupId, deviceSn: row.sn }))];
    if (members.length > 0) await db.insert(assetGroupMember).values(members);
    created = true;
  }
  return created;
}
