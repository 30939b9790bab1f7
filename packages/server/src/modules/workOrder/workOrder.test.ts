import { randomBytes } from 'node:crypto';
import { Access, Errno } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, device } from '../../db/schema.ts';
import { firstSheetOf, signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
let installer: TestAccount;
let owner: TestAccount;
let otherInstaller: TestAccount;
let otherDistributor: TestAccount;
let plantId: number;
let otherPlantId: number;
let snSeq = 423_000_000_000_000;

const post = (path: string, body: unknown, who: TestAccount) => t.call('POST', path, body, { token: who.token });
const get = (path: string, who: TestAccount) => t.call('GET', path, undefined, { token: who.token });
/** A 1-pixel PNG, made unique by bytes after its end (a second upload of the same bytes would share them). */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const png = () => Buffer.concat([PIXEL, randomBytes(64)]);
const order = (fields: object = {}) => ({
  plantId,
  questionCategory: 'deviceFault',
  productType: 'inverter',
  title: 'Inverter shows fault 1021',
  description: 'Since this morning the inverter stops every hour.',
  contactName: 'Anna Weber',
  contactPhone: '+49 170 1234567',
  ...fields,
});

async function plantOf(installerAccount: TestAccount, name: string, ownerName?: string) {
  snSeq += 1;
  const sn = String(snSeq);
  expect((await post('/c/v0/module/create', { sn }, admin)).body.errno).toBe(0);
  const created = await post(
    '/c/v0/plant/create',
    { name, type: 'residential', country: 'DE', city: 'Köln', timeZone: 'Europe/Berlin', dataloggers: [t.claim(sn)], owner: ownerName },
    installerAccount,
  );
  expect(created.body.errno, JSON.stringify(created.body)).toBe(0);
  await t.database.db.insert(device).values({ sn: `WO${sn}`, dataloggerSn: sn, plantId: created.body.result.id, type: 'inverter' });
  return created.body.result.id as number;
}

async function photo(who: TestAccount) {
  const uploaded = await t.upload('/c/v0/ticket/photo/upload', png(), 'roof.png', { token: who.token });
  expect(uploaded.body.errno, JSON.stringify(uploaded.body)).toBe(0);
  return uploaded.body.result.id as number;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  const branch = await t.createBranch('distributor', 'WODIST1');
  const otherBranch = await t.createBranch('distributor', 'WODIST2');
  distributor = await t.createAccount(Access.distributor, { organisationId: branch });
  installer = await t.createAccount(Access.installer, { organisationId: branch });
  owner = await t.createAccount(Access.endUser, { organisationId: branch });
  otherDistributor = await t.createAccount(Access.distributor, { organisationId: otherBranch });
  otherInstaller = await t.createAccount(Access.installer, { organisationId: otherBranch });
  await t.database.db.update(account).set({ language: 'de' }).where(eq(account.id, owner.id));
  plantId = await plantOf(installer, 'Köln Süd', owner.username);
  otherPlantId = await plantOf(otherInstaller, 'Bonn Nord');
});
afterAll(() => t.close());

describe('work orders (issue 23)', () => {
  it('question types are served, and an order names what it is about, in scope', async () => {
    const types = await get('/c/v0/ticket/questionTypes', owner);
    expect(types.body.result.categories).toContain('deviceFault');
    expect((await post('/c/v0/ticket/create', order({ plantId: undefined }), owner)).body.errno).toBe(Errno.workOrderSubjectRequired);
    // Another branch's plant, a device of it, and a plant that never existed answer alike.
    const missing = await post('/c/v0/ticket/create', order({ plantId: 99_999_999 }), owner);
    expect(missing.body).toEqual({ errno: Errno.notFound, result: {} });
    expect((await post('/c/v0/ticket/create', order({ plantId: otherPlantId }), owner)).body).toEqual(missing.body);
    const otherDevice = order({ plantId: undefined, deviceSn: `WO${snSeq}` });
    expect((await post('/c/v0/ticket/create', otherDevice, installer)).body).toEqual(missing.body);
    // Bad input: translated field messages, nothing written.
    const bad = await post('/c/v0/ticket/create', order({ title: '', contactPhone: 'call me' }), owner);
    expect(bad.body.errno).toBe(Errno.bodyInvalid);
    expect(bad.body.result.issues.map((issue: { message: string }) => issue.message).sort()).toEqual([
      'validation.mobileInvalid',
      'workOrder.titleLength',
    ]);
    expect((await post('/c/v0/ticket/list', {}, admin)).body.result.total).toBe(0);
  });

  it('takes photos by their bytes only, each attached once', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(3000)]);
    const refused = await t.upload('/c/v0/ticket/photo/upload', exe, 'holiday.jpg', { token: owner.token });
    expect(refused.body).toMatchObject({ errno: Errno.bodyInvalid, result: { issues: [{ message: 'workOrder.onlyImages' }] } });
    const id = await photo(owner);
    // Someone else's upload cannot be attached.
    expect((await post('/c/v0/ticket/create', order({ photoIds: [id] }), installer)).body.errno).toBe(Errno.workOrderPhotoUnknown);
    const created = await post('/c/v0/ticket/create', order({ title: 'Photo order', photoIds: [id] }), owner);
    expect(created.body.errno).toBe(0);
    expect((await post('/c/v0/ticket/create', order({ photoIds: [id] }), owner)).body.errno).toBe(Errno.workOrderPhotoUnknown);
    // The photo is seen by whoever sees the order, and by nobody else (like a missing one).
    const shown = await t.app.http.inject({
      method: 'GET',
      url: `/c/v0/ticket/photo?id=${id}`,
      headers: signedHeaders('/c/v0/ticket/photo', installer.token, 'en'),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    const hidden = await get(`/c/v0/ticket/photo?id=${id}`, otherInstaller);
    expect(hidden.body).toEqual({ errno: Errno.notFound, result: {} });
    expect((await get('/c/v0/ticket/photo?id=99999999', otherInstaller)).body).toEqual(hidden.body);
  });

  it('follows an order through its statuses across roles, mailing the creator in its language', async () => {
    const created = await post('/c/v0/ticket/create', order(), owner);
    const id = created.body.result.id as number;
    // Seen by its creator, the plant's installer, its branch and administrators; not by another branch.
    for (const who of [owner, installer, distributor, admin]) expect((await get(`/c/v0/ticket/detail?id=${id}`, who)).body.errno).toBe(0);
    const outside = await get(`/c/v0/ticket/detail?id=${id}`, otherDistributor);
    expect(outside.body).toEqual((await get('/c/v0/ticket/detail?id=99999999', otherDistributor)).body);
    expect((await post('/c/v0/ticket/list', { search: 'fault 1021' }, otherInstaller)).body.result.total).toBe(0);
    expect((await post('/c/v0/ticket/reply', { id, body: 'Hello?' }, otherInstaller)).body.errno).toBe(Errno.notFound);

    const mine = await get(`/c/v0/ticket/detail?id=${id}`, owner);
    expect(mine.body.result).toMatchObject({ status: 'turnedOn', nextStatuses: ['closed'], handles: false, platform: 'api' });
    expect((await post('/c/v0/ticket/status', { id, status: 'processing' }, owner)).body.errno).toBe(Errno.workOrderMoveRefused);

    expect((await post('/c/v0/ticket/reply', { id, body: 'We look at it today.' }, installer)).body.errno).toBe(0);
    const replyMail = await t.mail.waitFor(owner.email);
    expect(replyMail.text).toContain(`Auftrag ${id}: neue Antwort`);
    expect(replyMail.text).toContain('We look at it today.');

    expect((await post('/c/v0/ticket/status', { id, status: 'processing' }, installer)).body.errno).toBe(0);
    expect((await t.mail.waitFor(owner.email)).text).toContain('In Bearbeitung');
    expect((await post('/c/v0/ticket/status', { id, status: 'upgraded', note: 'Needs the factory.' }, installer)).body.errno).toBe(0);
    await t.mail.waitFor(owner.email);
    // Escalated: only the manufacturer moves it on.
    expect((await post('/c/v0/ticket/status', { id, status: 'solved' }, installer)).body.errno).toBe(Errno.workOrderMoveRefused);
    expect((await post('/c/v0/ticket/status', { id, status: 'solved', note: 'Firmware 1.2 fixes it.' }, admin)).body.errno).toBe(0);
    expect((await t.mail.waitFor(owner.email)).text).toContain('Gelöst');
    expect((await post('/c/v0/ticket/status', { id, status: 'closed' }, owner)).body.errno).toBe(0);
    expect((await post('/c/v0/ticket/reply', { id, body: 'Thanks' }, owner)).body.errno).toBe(Errno.workOrderClosed);

    const detail = (await get(`/c/v0/ticket/detail?id=${id}`, owner)).body.result;
    expect(detail.entries.map((e: { kind: string; statusTo: string | null }) => e.statusTo ?? e.kind)).toEqual([
      'created',
      'reply',
      'processing',
      'upgraded',
      'solved',
      'closed',
    ]);
    expect(detail.nextStatuses).toEqual([]);
    const log = await post('/c/v0/log/operation/list', { objectType: 'workOrder', objectId: String(id) }, admin);
    expect(log.body.result.entries).toHaveLength(6);
  });

  it('is assigned only to who handles it, and filters, searches and exports', async () => {
    const id = (await post('/c/v0/ticket/create', order({ title: 'Battery will not charge', productType: 'battery' }), owner)).body.result
      .id;
    expect((await post('/c/v0/ticket/assign', { id, assignee: otherInstaller.username }, distributor)).body.errno).toBe(
      Errno.workOrderAssigneeRefused,
    );
    expect((await post('/c/v0/ticket/assign', { id, assignee: installer.username }, distributor)).body.errno).toBe(0);
    const assigned = await post('/c/v0/ticket/list', { mine: true }, installer);
    expect(assigned.body.result.workOrders.map((w: { id: number }) => w.id)).toEqual([id]);
    expect(assigned.body.result.workOrders[0]).toMatchObject({
      assignee: installer.username,
      timeZone: 'Europe/Berlin',
      plantName: 'Köln Süd',
    });
    expect((await post('/c/v0/ticket/list', { productType: 'battery' }, distributor)).body.result.total).toBe(1);
    expect((await post('/c/v0/ticket/list', { search: String(id) }, distributor)).body.result.workOrders[0].id).toBe(id);
    expect((await post('/c/v0/ticket/list', { search: 'köln süd' }, admin)).body.result.total).toBe(3);

    const file = await t.download('/c/v0/ticket/export', { productType: 'battery' }, { token: distributor.token });
    const sheet = await firstSheetOf(file.bytes);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(10).value).toBe('Battery will not charge');
    const none = await t.download('/c/v0/ticket/export', {}, { token: otherDistributor.token });
    expect((await firstSheetOf(none.bytes)).rowCount).toBe(1);
  });
});
