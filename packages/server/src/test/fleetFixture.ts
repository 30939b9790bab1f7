import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { account, datalogger, device, organisation, plant } from '../db/schema.ts';
import { hashDeviceSecret, newDeviceSecret } from '../modules/datalogger/secret.ts';

let serial = 0;
const nextSn = () => {
  serial += 1;
  return `7${String(Date.now() % 1_000_000_000).padStart(9, '0')}${String(serial).padStart(5, '0')}`.slice(0, 15);
};

export interface FleetPlant {
  plantId: number;
  dataloggerSn: string;
  secret: string;
  /** Devices behind the datalogger, by sn, with their telemetry ids. */
  devices: { sn: string; id: number }[];
}

/**
 * Writes a plant with a registered datalogger and devices straight into the database, for tests
 * of the data loop that do not go through the plant calls.
 */
export async function createFleetPlant(
  db: Db,
  options: { timeZone?: string; devices?: number; bound?: boolean; battery?: boolean } = {},
): Promise<FleetPlant> {
  const [root] = await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.kind, 'manufacturer'));
  const organisationId = (root as { id: number }).id;
  const tag = randomBytes(5).toString('hex');
  const [owner] = await db
    .insert(account)
    .values({ organisationId, username: `fx${tag}`, email: `${tag}@fixture.test`, passwordHash: 'x', access: 1, clientId: tag })
    .returning({ id: account.id });
  const ownerId = (owner as { id: number }).id;
  const [row] = await db
    .insert(plant)
    .values({
      organisationId,
      ownerId,
      name: `Fixture ${tag}`,
      type: 'residential',
      country: 'DE',
      timeZone: options.timeZone ?? 'Europe/Berlin',
      createdBy: ownerId,
    })
    .returning({ id: plant.id });
  const plantId = (row as { id: number }).id;
  const dataloggerSn = nextSn();
  const secret = newDeviceSecret();
  const bound = options.bound ?? true;
  await db.insert(datalogger).values({
    sn: dataloggerSn,
    secretHash: hashDeviceSecret(secret),
    organisationId,
    plantId: bound ? plantId : null,
    registeredBy: ownerId,
  });
  const devices: FleetPlant['devices'] = [];
  for (let i = 0; i < (options.devices ?? 1); i += 1) {
    const sn = `INV${dataloggerSn}${i}`;
    const [created] = await db
      .insert(device)
      .values({ sn, dataloggerSn, plantId: bound ? plantId : null, type: 'inverter', model: 'Fixture 5K' })
      .returning({ id: device.id });
    devices.push({ sn, id: (created as { id: number }).id });
  }
  // A battery on the datalogger, as its inventory would report it (it is not among `devices`).
  if (options.battery)
    await db
      .insert(device)
      .values({ sn: `BAT${dataloggerSn}`, dataloggerSn, plantId: bound ? plantId : null, type: 'battery', model: 'Fixture 10' });
  return { plantId, dataloggerSn, secret, devices };
}
