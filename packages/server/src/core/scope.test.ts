import { randomUUID } from 'node:crypto';
import { Access, Errno } from '@sunstack/shared';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarm, alarmThreshold, datalogger, device, deviceCommand, deviceGrant, organisation } from '../db/schema.ts';
import { createAccountRepo } from '../modules/account/repo.ts';
import { type ApiAnswer, startTestApp, type TestAccount, type TestApp } from '../test/harness.ts';

/**
 * The scope matrix of issue 3: two distributors, each with an agent, installers and end users,
 * and plants in both branches. Every account probes every plant and datalogger with read, update
 * and delete; what it may not see must answer exactly like an id that never existed.
 */
let t: TestApp;
const accounts: Record<string, TestAccount> = {};
/** Each plant with its datalogger, an inverter and an EV charger (devices come from the datalogger's inventory). */
interface Target {
  id: number;
  sn: string;
  inverter: string;
  pile: string;
  /** An active alarm of the inverter. */
  alarm: number;
  /** A command to the inverter, waiting to be sent. */
  command: string;
}
const plants: Record<string, Target> = {};
let missing: Target;
/** A registered datalogger no plant holds: what a link SN probe would try to take. */
let spareSn = '';

async function branch(parentId: number, kind: 'distributor' | 'agent', code: string) {
  const [row] = await t.database.db.insert(organisation).values({ parentId, kind, name: code, code }).returning({ id: organisation.id });
  return (row as { id: number }).id;
}

let snSeq = 100_000_000_000_000;
async function registerDatalogger() {
  snSeq += 1;
  const sn = String(snSeq);
  const answer = await t.call('POST', '/c/v0/module/create', { sn }, { token: accounts.admin?.token });
  expect(answer.body.errno).toBe(0);
  return sn;
}

async function createPlant(installer: string, name: string, owner?: string) {
  const sn = await registerDatalogger();
  const body = {
    name,
    type: 'residential',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    dataloggers: [t.claim(sn)],
    ...(owner ? { owner } : {}),
  };
  const answer = await t.call('POST', '/c/v0/plant/create', body, { token: accounts[installer]?.token });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  const id = answer.body.result.id;
  const inverter = `INV-${name}`;
  const pile = `PILE-${name}`;
  const [added] = await t.database.db
    .insert(device)
    .values([
      { sn: inverter, dataloggerSn: sn, plantId: id, type: 'inverter' },
      { sn: pile, dataloggerSn: sn, plantId: id, type: 'evCharger' },
    ])
    .returning({ id: device.id });
  const event = [{ device_id: added?.id, ts: Date.now() - 60_000, code: 1001, state: 'raised', severity: 'fault' }];
  await t.database.db.execute(sql`select apply_device_events(${JSON.stringify(event)}::jsonb)`);
  const [raised] = await t.database.db
    .select({ id: alarm.id })
    .from(alarm)
    .where(eq(alarm.deviceId, added?.id as number));
  const command = randomUUID();
  await t.database.db.insert(deviceCommand).values({
    id: command,
    deviceSn: inverter,
    dataloggerSn: sn,
    type: 'setting.set',
    params: { MinSoc: 20 },
    createdBy: accounts.admin?.id as number,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  plants[name] = { id, sn, inverter, pile, alarm: raised?.id as number, command };
}

beforeAll(async () => {
  t = await startTestApp();
  const root = await createAccountRepo(t.database.db).rootOrganisationId();
  const distA = await branch(root, 'distributor', 'DISTA001');
  const agentA = await branch(distA, 'agent', 'AGENTA01');
  const distB = await branch(root, 'distributor', 'DISTB001');
  const agentB = await branch(distB, 'agent', 'AGENTB01');
  const make = async (name: string, access: (typeof Access)[keyof typeof Access], organisationId?: number) => {
    accounts[name] = await t.createAccount(access as 1, { username: name, ...(organisationId ? { organisationId } : {}) });
  };
  await make('admin', Access.admin);
  await make('distA', Access.distributor, distA);
  await make('agentA', Access.agent, agentA);
  await make('installerA1', Access.installer, agentA);
  await make('installerA2', Access.installer, agentA);
  await make('userA1', Access.endUser, agentA);
  await make('userA2', Access.endUser, agentA);
  await make('distB', Access.distributor, distB);
  await make('agentB', Access.agent, agentB);
  await make('installerB1', Access.installer, agentB);
  await make('userB1', Access.endUser, agentB);
  await createPlant('installerA1', 'plantA1', 'userA1');
  await createPlant('installerA2', 'plantA2', 'userA2');
  await createPlant('installerB1', 'plantB1', 'userB1');
  await make('integrator', Access.integrator);
  spareSn = await registerDatalogger();
  // A neighbouring sequential id, and serial numbers that were never registered.
  const nextId = Math.max(...Object.values(plants).map((p) => p.id)) + 1;
  missing = {
    id: nextId,
    sn: '999999999999999',
    inverter: 'INV-missing',
    pile: 'PILE-missing',
    alarm: 987_654_321,
    command: '00000000-0000-4000-8000-0000000000ff',
  };
});
afterAll(() => t.close());

/** Which plants each account may see (and so read and, where it writes, change). */
const VISIBLE: Record<string, string[]> = {
  admin: ['plantA1', 'plantA2', 'plantB1'],
  distA: ['plantA1', 'plantA2'],
  agentA: ['plantA1', 'plantA2'],
  installerA1: ['plantA1'],
  installerA2: ['plantA2'],
  userA1: ['plantA1'],
  userA2: ['plantA2'],
  distB: ['plantB1'],
  agentB: ['plantB1'],
  installerB1: ['plantB1'],
  userB1: ['plantB1'],
  integrator: [],
};

type Probe = (token: string, target: Target) => Promise<ApiAnswer>;
const get = async (path: string, token: string) => (await t.call('GET', path, undefined, { token })).body;
const post = async (path: string, body: unknown, token: string) => (await t.call('POST', path, body, { token })).body;
const PROBES: Record<string, Probe> = {
  'GET /c/v0/plant/detail': (token, { id }) => get(`/c/v0/plant/detail?id=${id}`, token),
  'POST /c/v0/plant/update': (token, { id }) => post('/c/v0/plant/update', { id, city: 'Probe City' }, token),
  'POST /c/v0/plant/delete': (token, { id }) => post('/c/v0/plant/delete', { id, confirm: true }, token),
  'POST /c/v0/plant/linkSn': (token, { id }) => post('/c/v0/plant/linkSn', { id, dataloggers: [t.claim(spareSn)] }, token),
  'POST /c/v0/module/unbind': (token, { sn }) => post('/c/v0/module/unbind', { sn }, token),
  'POST /c/v0/module/delete': (token, { sn }) => post('/c/v0/module/delete', { sn }, token),
  'GET /c/v0/device/detail': (token, { inverter }) => get(`/c/v0/device/detail?sn=${inverter}`, token),
  'POST /c/v0/device/grant': (token, { inverter }) => post('/c/v0/device/grant', { sns: [inverter], integrator: 'integrator' }, token),
  'POST /c/v0/device/revoke': (token, { inverter }) => post('/c/v0/device/revoke', { sn: inverter, integrator: 'integrator' }, token),
  'POST /c/v0/pile/update': (token, { pile, sn }) => post('/c/v0/pile/update', { sn: pile, name: 'Probe', dataloggerSn: sn }, token),
  'GET /c/v0/parallel/detail': (token, { id }) => get(`/c/v0/parallel/detail?id=${id}`, token),
  'POST /c/v0/parallel/update': (token, { id }) => post('/c/v0/parallel/update', { id, master: null, slaves: [] }, token),
  'POST /c/v0/plant/share': (token, { id }) => post('/c/v0/plant/share', { id, user: 'userB1', role: 'viewer' }, token),
  'POST /c/v0/plant/unshare': (token, { id }) => post('/c/v0/plant/unshare', { id, user: 'userB1' }, token),
  'GET /c/v0/plant/members': (token, { id }) => get(`/c/v0/plant/members?id=${id}`, token),
  'GET /c/v0/plant/real/flow': (token, { id }) => get(`/c/v0/plant/real/flow?id=${id}`, token),
  'GET /c/v0/plant/real/stream': (token, { id }) => get(`/c/v0/plant/real/stream?id=${id}`, token),
  'POST /c/v0/plant/report/query': (token, { id }) => post('/c/v0/plant/report/query', { id, dimension: 'lifetime' }, token),
  'POST /c/v0/plant/curve/query': (token, { id }) => post('/c/v0/plant/curve/query', { id, year: 2026, month: 3, day: 29 }, token),
  'POST /c/v0/plant/economics/query': (token, { id }) =>
    post('/c/v0/plant/economics/query', { id, dimension: 'month', year: 2026, month: 3 }, token),
  'POST /c/v0/plant/performance/query': (token, { id }) =>
    post('/c/v0/plant/performance/query', { id, dimension: 'month', year: 2026, month: 3 }, token),
  'POST /c/v0/plant/forecast/query': (token, { id }) => post('/c/v0/plant/forecast/query', { id }, token),
  'POST /c/v0/device/real/query': (token, { inverter }) => post('/c/v0/device/real/query', { sns: [inverter] }, token),
  'GET /c/v0/device/real/stream': (token, { inverter }) => get(`/c/v0/device/real/stream?sn=${inverter}`, token),
  'POST /c/v0/device/history/query': (token, { inverter }) =>
    post('/c/v0/device/history/query', { sn: inverter, begin: 0, end: 3_600_000, variables: ['pvPower'] }, token),
  'GET /c/v0/alarm/threshold': (token, { id }) => get(`/c/v0/alarm/threshold?id=${id}`, token),
  'POST /c/v0/alarm/threshold/save': (token, { id }) =>
    post('/c/v0/alarm/threshold/save', { plantId: id, thresholds: { offlineMinutes: 99 } }, token),
  'POST /c/v0/alarm/ack': (token, { alarm }) => post('/c/v0/alarm/ack', { ids: [alarm], comment: 'Probe' }, token),
  'POST /c/v0/alarm/subscription/save': (token, { id }) =>
    post('/c/v0/alarm/subscription/save', { plantId: id, severities: ['fault'], email: true, push: false, webhookUrl: null }, token),
  'POST /c/v0/device/setting/get': (token, { inverter }) => post('/c/v0/device/setting/get', { sn: inverter, keys: ['MinSoc'] }, token),
  'POST /c/v0/device/setting/set': (token, { inverter }) =>
    post('/c/v0/device/setting/set', { sn: inverter, settings: { MinSoc: 30 } }, token),
  'GET /c/v0/device/setting/reported': (token, { inverter }) => get(`/c/v0/device/setting/reported?sn=${inverter}`, token),
  'POST /c/v0/device/config/set': (token, { inverter }) => post('/c/v0/device/config/set', { sn: inverter, intervalSec: 600 }, token),
  'POST /c/v0/device/reboot': (token, { inverter }) => post('/c/v0/device/reboot', { sn: inverter }, token),
  'GET /c/v0/device/command/stream': (token, { inverter }) => get(`/c/v0/device/command/stream?sn=${inverter}`, token),
  'GET /c/v0/device/command/detail': (token, { command }) => get(`/c/v0/device/command/detail?id=${command}`, token),
  'POST /c/v0/device/command/cancel': (token, { command }) => post('/c/v0/device/command/cancel', { id: command }, token),
  'POST /c/v0/device/report/query': (token, { inverter }) =>
    post('/c/v0/device/report/query', { sn: inverter, dimension: 'lifetime', variables: ['PVEnergyTotal'] }, token),
  // Out of scope answers like missing before the kind is looked at (an inverter is no battery: 42320 only when seen).
  'POST /c/v0/device/battery/health/query': (token, { inverter }) => post('/c/v0/device/battery/health/query', { sn: inverter }, token),
  'POST /c/v0/device/charging/sessions/query': (token, { pile }) =>
    post('/c/v0/device/charging/sessions/query', { sn: pile, year: 2026, month: 1 }, token),
  'POST /c/v0/device/strings/query': (token, { inverter }) =>
    post('/c/v0/device/strings/query', { sn: inverter, date: '2026-01-01' }, token),
};

/**
 * Calls of these domains that name no single plant, datalogger or device, so the matrix has no
 * target for them; their scope is tested by what they list (below and in their own tests).
 */
const WITHOUT_TARGET: Record<string, string> = {
  'POST /c/v0/plant/list': 'lists the plants in scope (tested below)',
  'POST /c/v0/plant/export': 'the plant list as a file (plant tests)',
  'POST /c/v0/plant/create': 'creates; its dataloggers are checked like link SN',
  'GET /c/v0/plant/summary': 'sums the plants in scope (monitoring tests)',
  'POST /c/v0/plant/overview': 'the plant list with production figures (monitoring tests)',
  'POST /c/v0/plant/map': 'clusters the plants in scope (plantMap tests)',
  'POST /c/v0/plant/mapPlants': 'lists the plants in scope at one spot (plantMap tests)',
  'GET /c/v0/plant/mapConfig': 'the tile server, no data',
  'POST /c/v0/module/create': 'registers a new SN (manufacturer only)',
  'POST /c/v0/module/import': 'registers new SNs (manufacturer only)',
  'POST /c/v0/module/list': 'lists the dataloggers in scope',
  'POST /c/v0/device/list': 'lists the devices in scope (tested below)',
  'POST /c/v0/device/grants': 'lists the grants of devices in scope',
  'POST /c/v0/device/command/list': 'lists the commands of devices in scope (command tests)',
  'POST /c/v0/device/batch/create':
    "a device, group or template out of scope answers like a missing one; a plant's devices the caller may not operate are counted refused (batch tests)",
  'POST /c/v0/device/batch/list': "lists the batches of the caller's branch (batch tests)",
  'GET /c/v0/device/batch/detail': "one batch of the caller's branch by its id; another's answers like a missing one (batch tests)",
  'POST /c/v0/device/batch/retry': "one batch of the caller's branch by its id (batch tests)",
  'POST /c/v0/device/batch/cancel': "one batch of the caller's branch by its id (batch tests)",
  'GET /c/v0/device/batch/stream': "the live counts of one batch of the caller's branch by its id (batch tests)",
  'POST /c/v0/alarm/query': 'lists the alarms in scope (tested below)',
  'POST /c/v0/alarm/export': 'the same list as a file (alarm tests)',
  'POST /c/v0/alarm/faultRecord': 'counts the alarms in scope, administrators only (faultRecord tests)',
  'POST /c/v0/alarm/faultRecord/export': 'the same counts as a file (faultRecord tests)',
  'POST /c/v0/alarm/subscription/list': "lists the caller's own subscriptions (notification tests)",
  'POST /c/v0/alarm/subscription/delete': "deletes one of the caller's own subscriptions by its id (notification tests)",
  'POST /c/v0/alarm/push/key': "the server's VAPID public key, no data",
  'POST /c/v0/alarm/push/list': "lists the caller's own browsers (push tests)",
  'POST /c/v0/alarm/push/subscribe': 'adds a browser of the caller (push tests)',
  'POST /c/v0/alarm/push/unsubscribe': "removes one of the caller's own browsers; another's answers like a missing one (push tests)",
};

const MATRIX_DOMAINS = /^\/c\/v0\/(plant|module|device|pile|parallel|alarm)\//;

describe('scope matrix', () => {
  it('probes every call of the route table that names a plant, datalogger or device', () => {
    const calls = t.app.apiRoutes.filter((route) => MATRIX_DOMAINS.test(route.url)).map((route) => `${route.method} ${route.url}`);
    const uncovered = calls.filter((call) => !(call in PROBES) && !(call in WITHOUT_TARGET));
    expect(uncovered).toEqual([]);
  });

  // Thousands of probes: 14 s alone, over 30 s on a loaded machine.
  it('answers every out-of-scope probe exactly like a missing object, and never changes it', { timeout: 120_000 }, async () => {
    let probes = 0;
    for (const [callName, probe] of Object.entries(PROBES)) {
      for (const [name, account] of Object.entries(accounts)) {
        // A missing object answers 40404, or 40300 where the account lacks the switch for the call at all.
        const answerMissing = await probe(account.token, missing);
        // A query of many devices answers the ones in scope: none, for a missing one.
        const expected = callName === 'POST /c/v0/device/real/query' ? [0] : [Errno.notFound, Errno.noPermission];
        expect(expected, `${name} ${callName} on a missing object`).toContain(answerMissing.errno);
        probes += 1;
        for (const [plantName, target] of Object.entries(plants)) {
          if (VISIBLE[name]?.includes(plantName)) continue;
          const answer = await probe(account.token, target);
          expect(answer, `${name} ${callName} on ${plantName}`).toEqual(answerMissing);
          probes += 1;
        }
      }
    }
    // Nothing out of scope changed: every plant still has its name, city and datalogger, its
    // devices their names and no parallel system, and no integrator was authorised.
    for (const [plantName, target] of Object.entries(plants)) {
      const detail = await t.call('GET', `/c/v0/plant/detail?id=${target.id}`, undefined, { token: accounts.admin?.token });
      expect(detail.body.result).toMatchObject({ name: plantName, city: '', dataloggerSns: [target.sn] });
    }
    const devices = await t.database.db.select().from(device);
    expect(devices.filter((d) => d.name !== '' || d.parallelRole !== null || d.plantId === null)).toEqual([]);
    expect(await t.database.db.select().from(deviceGrant)).toEqual([]);
    // No command was made, sent or cancelled.
    expect((await t.database.db.select().from(deviceCommand)).map((c) => c.state)).toEqual(['queued', 'queued', 'queued']);
    expect(await t.database.db.select().from(alarm).where(isNotNull(alarm.ackedAt))).toEqual([]);
    expect(await t.database.db.select().from(alarmThreshold)).toEqual([]);
    expect(await t.database.db.select().from(datalogger).where(eq(datalogger.sn, spareSn))).toMatchObject([{ plantId: null }]);
    console.info(
      `scope matrix: ${probes} out-of-scope probes over ${Object.keys(PROBES).length} calls and ${Object.keys(accounts).length} accounts`,
    );
  });

  it('lists exactly the visible plants for every account', async () => {
    for (const [name, account] of Object.entries(accounts)) {
      if (name === 'integrator') continue;
      const { body } = await t.call('POST', '/c/v0/plant/list', { pageSize: 50 }, { token: account.token });
      const names = body.result.plants.map((p: { name: string }) => p.name).sort();
      expect(names, name).toEqual([...(VISIBLE[name] ?? [])].sort());
      expect(body.result.total, name).toBe(VISIBLE[name]?.length);
    }
  });

  it('lists exactly the devices of the visible plants for every account', async () => {
    for (const [name, account] of Object.entries(accounts)) {
      if (name === 'integrator') continue;
      const { body } = await t.call('POST', '/c/v0/device/list', { pageSize: 50 }, { token: account.token });
      const expected = (VISIBLE[name] ?? []).flatMap((plantName) => [plants[plantName]?.inverter, plants[plantName]?.pile]);
      expect(body.result.devices.map((d: { sn: string }) => d.sn).sort(), name).toEqual(expected.sort());
      // Another plant's id as a filter finds nothing, rather than that plant's devices.
      for (const [plantName, target] of Object.entries(plants)) {
        if (VISIBLE[name]?.includes(plantName)) continue;
        const filtered = await t.call('POST', '/c/v0/device/list', { plantId: target.id }, { token: account.token });
        expect(filtered.body.result.total, `${name} filtering by ${plantName}`).toBe(0);
      }
    }
  });

  it('lists exactly the alarms of the visible plants for every account', async () => {
    const range = { view: 'realtime', begin: Date.now() - 86_400_000, end: Date.now() + 60_000, pageSize: 50 };
    for (const [name, account] of Object.entries(accounts)) {
      const { body } = await t.call('POST', '/c/v0/alarm/query', range, { token: account.token });
      const expected = (VISIBLE[name] ?? []).map((plantName) => plants[plantName]?.inverter);
      expect(body.result.alarms.map((a: { sn: string }) => a.sn).sort(), name).toEqual(expected.sort());
      for (const [plantName, target] of Object.entries(plants)) {
        if (VISIBLE[name]?.includes(plantName)) continue;
        const filtered = await t.call('POST', '/c/v0/alarm/query', { ...range, plantId: target.id }, { token: account.token });
        expect(filtered.body.result.total, `${name} filtering by ${plantName}`).toBe(0);
      }
    }
  });

  it('lets an account read what it sees, and change only what it may write', async () => {
    const read = await t.call('GET', `/c/v0/plant/detail?id=${plants.plantA1?.id}`, undefined, { token: accounts.userA1?.token });
    expect(read.body.result).toMatchObject({
      name: 'plantA1',
      owner: 'userA1',
      installer: 'installerA1',
      writable: true,
      summerTime: true,
    });
    const update = await t.call(
      'POST',
      '/c/v0/plant/update',
      { id: plants.plantA1?.id, city: 'Freiburg' },
      { token: accounts.agentA?.token },
    );
    expect(update.body.errno).toBe(0);
    // An end user may not delete its plant (no site.delete switch), but sees it.
    const del = await t.call('POST', '/c/v0/plant/delete', { id: plants.plantA1?.id }, { token: accounts.userA1?.token });
    expect(del.body.errno).toBe(Errno.noPermission);
  });
});

describe('mass assignment', () => {
  it('never takes owner, organisation, installer, creator or ids from a body', async () => {
    const sn = await registerDatalogger();
    const base = { name: 'Sneaky', type: 'residential', country: 'DE', timeZone: 'Europe/Berlin', dataloggers: [t.claim(sn)] };
    for (const extra of [{ organisationId: 1 }, { installerId: 1 }, { ownerId: 1 }, { createdBy: 1 }, { id: 1 }, { deletedAt: null }]) {
      const answer = await t.call('POST', '/c/v0/plant/create', { ...base, ...extra }, { token: accounts.installerB1?.token });
      expect(answer.body.errno, JSON.stringify(extra)).toBe(Errno.bodyInvalid);
    }
    for (const extra of [{ organisationId: 1 }, { ownerId: 1 }, { installerId: 1 }]) {
      const answer = await t.call(
        'POST',
        '/c/v0/plant/update',
        { id: plants.plantB1?.id, ...extra },
        { token: accounts.installerB1?.token },
      );
      expect(answer.body.errno, JSON.stringify(extra)).toBe(Errno.bodyInvalid);
    }
  });
});
