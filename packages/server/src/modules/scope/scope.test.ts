import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisation } from '../../db/schema.ts';
import { type ApiAnswer, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createAccountRepo } from '../account/repo.ts';

/**
 * The scope matrix of issue 3: two distributors, each with an agent, installers and end users,
 * and plants in both branches. Every account probes every plant and datalogger with read, update
 * and delete; what it may not see must answer exactly like an id that never existed.
 */
let t: TestApp;
const accounts: Record<string, TestAccount> = {};
const plants: Record<string, { id: number; sn: string }> = {};
let missingPlantId = 0;

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
  const body = { name, type: 'residential', country: 'DE', timeZone: 'Europe/Berlin', dataloggers: [sn], ...(owner ? { owner } : {}) };
  const answer = await t.call('POST', '/c/v0/plant/create', body, { token: accounts[installer]?.token });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  plants[name] = { id: answer.body.result.id, sn };
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
  missingPlantId = Math.max(...Object.values(plants).map((p) => p.id)) + 1;
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
};

type Probe = (token: string, plantId: number, sn: string) => Promise<ApiAnswer>;
const PROBES: Record<string, Probe> = {
  'GET /c/v0/plant/detail': async (token, id) => (await t.call('GET', `/c/v0/plant/detail?id=${id}`, undefined, { token })).body,
  'POST /c/v0/plant/update': async (token, id) => (await t.call('POST', '/c/v0/plant/update', { id, city: 'Probe City' }, { token })).body,
  'POST /c/v0/plant/delete': async (token, id) => (await t.call('POST', '/c/v0/plant/delete', { id, confirm: true }, { token })).body,
  'POST /c/v0/module/unbind': async (token, _, sn) => (await t.call('POST', '/c/v0/module/unbind', { sn }, { token })).body,
};

describe('scope matrix', () => {
  it('answers every out-of-scope probe exactly like a missing object, and never changes it', async () => {
    let probes = 0;
    for (const [callName, probe] of Object.entries(PROBES)) {
      for (const [name, account] of Object.entries(accounts)) {
        // A missing object answers 40404, or 40300 where the account lacks the switch for the call at all.
        const missing = await probe(account.token, missingPlantId, '999999999999999');
        expect([Errno.notFound, Errno.noPermission], `${name} ${callName} on a missing object`).toContain(missing.errno);
        probes += 1;
        for (const [plantName, target] of Object.entries(plants)) {
          if (VISIBLE[name]?.includes(plantName)) continue;
          const answer = await probe(account.token, target.id, target.sn);
          expect(answer, `${name} ${callName} on ${plantName}`).toEqual(missing);
          probes += 1;
        }
      }
    }
    // Nothing out of scope changed: every plant still has its name, city and datalogger.
    for (const [plantName, target] of Object.entries(plants)) {
      const detail = await t.call('GET', `/c/v0/plant/detail?id=${target.id}`, undefined, { token: accounts.admin?.token });
      expect(detail.body.result).toMatchObject({ name: plantName, city: '', dataloggerSns: [target.sn] });
    }
    console.info(
      `scope matrix: ${probes} out-of-scope probes over ${Object.keys(PROBES).length} calls and ${Object.keys(accounts).length} accounts`,
    );
  });

  it('lists exactly the visible plants for every account', async () => {
    for (const [name, account] of Object.entries(accounts)) {
      const { body } = await t.call('POST', '/c/v0/plant/list', { pageSize: 50 }, { token: account.token });
      const names = body.result.plants.map((p: { name: string }) => p.name).sort();
      expect(names, name).toEqual([...(VISIBLE[name] ?? [])].sort());
      expect(body.result.total, name).toBe(VISIBLE[name]?.length);
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
    const base = { name: 'Sneaky', type: 'residential', country: 'DE', timeZone: 'Europe/Berlin', dataloggers: [sn] };
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
