import { Access } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { deviceGrant, plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import type { TestAccount, TestApp } from '../../test/harness.ts';
import { createTelemetryRepo, type DeviceSample } from '../telemetry/repo.ts';
import { createRollupJob } from '../telemetry/rollups.ts';

/**
 * The reports' test fleet. March 2026 holds both DST starts: New York's on the 8th, Berlin's on the
 * 29th. Samples with a varying increase make every local day boundary count: a day taken in the
 * wrong zone changes the figures.
 */
const HOUR = 3_600_000;
const MARCH_START = Date.UTC(2026, 1, 28, 0);

export interface ReportFleet {
  berlin: FleetPlant;
  newYork: FleetPlant;
  /** A plant of a distributor's branch: the only one its distributor sees. */
  branchPlant: FleetPlant;
  branchId: number;
  admin: TestAccount;
  distributor: TestAccount;
  /** Authorised to New York's inverter only. */
  integrator: TestAccount;
}

/** Cumulative counters of a plant's inverter, a sample every two hours (days still end between samples). */
function sparseSamples(fleet: FleetPlant, from: number, hours: number, seed: number): DeviceSample[] {
  const inverter = fleet.devices[0] as { id: number };
  let pv = 100;
  let feedin = 10;
  let load = 20;
  let grid = 5;
  return Array.from({ length: hours }, (_, i) => {
    pv += ((i * seed) % 7) * 0.25;
    feedin += ((i * seed) % 3) * 0.1;
    load += 0.3;
    grid += (i % 2) * 0.05;
    return {
      deviceId: inverter.id,
      plantId: fleet.plantId,
      ts: from + i * 2 * HOUR,
      vars: { PVEnergyTotal: pv, generationTotal: pv * 0.97, feedinTotal: feedin, loadsTotal: load, gridConsumptionTotal: grid },
    };
  });
}

/** Three plants in two zones with March 2026 rolled up (and a few days of March 2025), a branch, and its accounts. */
export async function createReportFleet(t: TestApp): Promise<ReportFleet> {
  const db = t.database.db;
  const berlin = await createFleetPlant(db, { timeZone: 'Europe/Berlin' });
  const newYork = await createFleetPlant(db, { timeZone: 'America/New_York' });
  const branchPlant = await createFleetPlant(db, { timeZone: 'Europe/Berlin' });
  const branchId = await t.createBranch('distributor', 'RPTDIST');
  await db.update(plant).set({ organisationId: branchId, country: 'AT', pvSizeKwp: 10 }).where(eq(plant.id, branchPlant.plantId));
  await db.update(plant).set({ pvSizeKwp: 8 }).where(eq(plant.id, berlin.plantId));
  const admin = await t.createAccount(Access.admin);
  const distributor = await t.createAccount(Access.distributor, { organisationId: branchId });
  const integrator = await t.createAccount(Access.integrator);
  await db.insert(deviceGrant).values({ deviceSn: newYork.devices[0]?.sn as string, integratorId: integrator.id, grantedBy: admin.id });
  const telemetry = createTelemetryRepo(db);
  // From two days before March to two days after, in every zone.
  const samples = 35 * 12;
  await telemetry.writeBatch(sparseSamples(berlin, MARCH_START, samples, 3));
  await telemetry.writeBatch(sparseSamples(newYork, MARCH_START, samples, 5));
  await telemetry.writeBatch(sparseSamples(branchPlant, MARCH_START, samples, 2));
  await telemetry.writeBatch(sparseSamples(berlin, Date.UTC(2025, 2, 10), 24, 1));
  await createRollupJob(db, t.database.kind).settle();
  return { berlin, newYork, branchPlant, branchId, admin, distributor, integrator };
}
