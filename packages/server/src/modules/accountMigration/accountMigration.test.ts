import { Access, Errno } from '@sunstack/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, device, plant } from '../../db/schema.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { administratorWithout } from '../../test/permissionGroups.ts';
import { MIGRATION_CODE_TRIES } from './service.ts';

let t: TestApp;
let admin: TestAccount;
let installer: TestAccount;
let distributor: TestAccount;
let snSeq = 447_000_000_000_000;

const post = (path: string, body: unknown, who: TestAccount = admin) => t.call('POST', path, body, { token: who.token });
const sendCode = (source: string, target: string, who: TestAccount = admin) =>
  post('/c/v0/account/migration/code', { source, target }, who);
const migrate = (source: string, target: string, code: string, codeAgain = code, who: TestAccount = admin) =>
  post('/c/v0/account/migration/run', { source, target, code, codeAgain }, who);

/** A plant the installer builds for `owner`, with one datalogger and one inverter. */
async function plantFor(owner: TestAccount, name: string) {
  snSeq += 1;
  const sn = String(snSeq);
  expect((await post('/c/v0/module/create', { sn })).body.errno).toBe(0);
  const created = await post(
    '/c/v0/plant/create',
    {
      name,
      type: 'residential',
      country: 'DE',
      city: 'Köln',
      timeZone: 'Europe/Berlin',
      dataloggers: [t.claim(sn)],
      owner: owner.username,
    },
    installer,
  );
  expect(created.body.errno, JSON.stringify(created.body)).toBe(0);
  await t.database.db.insert(device).values({ sn: `AM${sn}`, dataloggerSn: sn, plantId: created.body.result.id, type: 'inverter' });
  return created.body.result.id as number;
}

/** The code the target received by mail. */
async function mailedCode(to: TestAccount) {
  const mail = await t.mail.waitFor(to.email);
  expect(mail.text).toContain(to.username);
  return (mail.text.match(/\b(\d{6})\b/) as RegExpMatchArray)[1] as string;
}

const ownersOf = async (ids: number[]) =>
  (await t.database.db.select({ ownerId: plant.ownerId }).from(plant).where(inArray(plant.id, ids))).map((row) => row.ownerId);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  installer = await t.createAccount(Access.installer);
  distributor = await t.createAccount(Access.distributor, { organisationId: await t.createBranch('distributor', 'AMDIST') });
});
afterAll(() => t.close());

describe('account migration (issue 23)', () => {
  it('moves every plant of the source to the target with the mailed code typed twice: all at once, recorded and logged', async () => {
    const source = await t.createAccount(Access.endUser);
    const target = await t.createAccount(Access.endUser);
    const plants = [await plantFor(source, 'Roof east'), await plantFor(source, 'Roof west')];

    const sent = await sendCode(source.username, target.username);
    expect(sent.body.errno, JSON.stringify(sent.body)).toBe(0);
    expect(sent.body.result).toMatchObject({ plantCount: 2, mailbox: `${target.email[0]}***@example.test` });
    const code = await mailedCode(target);

    // Typed twice differently: "entered codes inconsistent", nothing moves.
    const other = code === '000000' ? '111111' : '000000';
    expect((await migrate(source.username, target.username, code, other)).body.errno).toBe(Errno.codesInconsistent);
    // A wrong code, typed twice the same: refused, nothing moves.
    expect((await migrate(source.username, target.username, other)).body.errno).toBe(Errno.migrationCodeInvalid);
    expect(await ownersOf(plants)).toEqual([source.id, source.id]);

    const done = await migrate(source.username, target.username, code);
    expect(done.body).toEqual({ errno: 0, result: { plantCount: 2, deviceCount: 2 } });
    expect(await ownersOf(plants)).toEqual([target.id, target.id]);
    // The code works once.
    expect((await migrate(source.username, target.username, code)).body.errno).toBe(Errno.migrationNothingToMove);

    const history = await post('/c/v0/account/migration/list', { username: source.username });
    expect(history.body.result).toMatchObject({
      total: 1,
      migrations: [{ source: source.username, target: target.username, plantCount: 2, deviceCount: 2, operator: admin.username }],
    });
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.migrate'), eq(auditLog.objectId, String(target.id))));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.actorId).toBe(admin.id);
  });

  it("moves an installer's plants to another installer", async () => {
    const owner = await t.createAccount(Access.endUser);
    const id = await plantFor(owner, 'Barn');
    const successor = await t.createAccount(Access.installer);
    expect((await sendCode(installer.username, successor.username)).body.errno).toBe(0);
    const code = await mailedCode(successor);
    expect((await migrate(installer.username, successor.username, code)).body.errno).toBe(0);
    const [row] = await t.database.db
      .select({ installerId: plant.installerId, ownerId: plant.ownerId })
      .from(plant)
      .where(eq(plant.id, id));
    expect(row).toEqual({ installerId: successor.id, ownerId: owner.id });
    installer = successor;
  });

  it('refuses a used-up, a replaced or a mistyped code, and bad pairs, changing nothing', async () => {
    const source = await t.createAccount(Access.endUser);
    const target = await t.createAccount(Access.endUser);
    const plants = [await plantFor(source, 'Garage')];
    await sendCode(source.username, target.username);
    const first = await mailedCode(target);
    // Only the newest code counts.
    await sendCode(source.username, target.username);
    const second = await mailedCode(target);
    if (first !== second) expect((await migrate(source.username, target.username, first)).body.errno).toBe(Errno.migrationCodeInvalid);
    // Five wrong tries use the code up: the right one is refused after them.
    const wrong = second === '000000' ? '111111' : '000000';
    for (let i = 0; i < MIGRATION_CODE_TRIES; i++) {
      expect((await migrate(source.username, target.username, wrong)).body.errno).toBe(Errno.migrationCodeInvalid);
    }
    expect((await migrate(source.username, target.username, second)).body.errno).toBe(Errno.migrationCodeInvalid);
    expect((await migrate(source.username, target.username, '12ab56')).body.errno).toBe(Errno.bodyInvalid);
    expect(await ownersOf(plants)).toEqual([source.id]);

    const emptyHanded = await t.createAccount(Access.endUser);
    expect((await sendCode(source.username, source.username)).body.errno).toBe(Errno.migrationSameAccount);
    expect((await sendCode(source.username, installer.username)).body.errno).toBe(Errno.migrationKindsDiffer);
    expect((await sendCode(emptyHanded.username, target.username)).body.errno).toBe(Errno.migrationNothingToMove);
    expect((await sendCode(source.username, 'nobody_here')).body.errno).toBe(Errno.notFound);
    expect((await sendCode(admin.username, distributor.username)).body.errno).toBe(Errno.migrationKindsDiffer);
  });

  it('is for administrators only: anyone else is refused before anything is looked up', async () => {
    const source = await t.createAccount(Access.endUser);
    const target = await t.createAccount(Access.endUser);
    await plantFor(source, 'Shed');
    for (const who of [distributor, installer, source]) {
      expect((await sendCode(source.username, target.username, who)).body.errno).toBe(Errno.noPermission);
      expect((await migrate(source.username, target.username, '123456', '123456', who)).body.errno).toBe(Errno.noPermission);
      expect((await post('/c/v0/account/migration/list', {}, who)).body.errno).toBe(Errno.noPermission);
    }
    // A missing account answers like any other missing object, whichever side it is on.
    expect((await sendCode('nobody_here', target.username)).body).toEqual((await sendCode(source.username, 'nobody_here')).body);
  });
});

describe('site migration (spec section 6, switch site.migrate)', () => {
  const sendSiteCode = (source: string, target: string, plantId: number, who: TestAccount = admin) =>
    post('/c/v0/account/migration/code', { source, target, plantId }, who);
  const migrateSite = (source: string, target: string, plantId: number, code: string, who: TestAccount = admin) =>
    post('/c/v0/account/migration/run', { source, target, plantId, code, codeAgain: code }, who);

  it('moves the one plant named with a code for it, and records and logs it with the plant', async () => {
    const source = await t.createAccount(Access.endUser);
    const target = await t.createAccount(Access.endUser);
    const [kept, moved] = [await plantFor(source, 'Farmhouse'), await plantFor(source, 'Holiday home')];
    const listed = await post('/c/v0/account/migration/plants', { source: source.username, name: 'holiday' });
    expect(listed.body.result.plants).toEqual([{ id: moved, name: 'Holiday home' }]);

    const sent = await sendSiteCode(source.username, target.username, moved);
    expect(sent.body.result).toMatchObject({ plantCount: 1 });
    const mail = await t.mail.waitFor(target.email);
    expect(mail.text).toContain('Holiday home');
    const code = (mail.text.match(/\b(\d{6})\b/) as RegExpMatchArray)[1] as string;
    // The code is for that plant: it moves neither the whole account nor another plant.
    expect((await migrate(source.username, target.username, code)).body.errno).toBe(Errno.migrationCodeInvalid);
    expect((await migrateSite(source.username, target.username, kept, code)).body.errno).toBe(Errno.migrationCodeInvalid);
    expect(await ownersOf([kept, moved])).toEqual([source.id, source.id]);

    expect((await migrateSite(source.username, target.username, moved, code)).body).toEqual({
      errno: 0,
      result: { plantCount: 1, deviceCount: 1 },
    });
    expect(await ownersOf([kept, moved])).toEqual([source.id, target.id]);
    const history = await post('/c/v0/account/migration/list', { username: target.username });
    expect(history.body.result.migrations).toEqual([
      expect.objectContaining({ source: source.username, target: target.username, plant: 'Holiday home', plantCount: 1 }),
    ]);
    const logged = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.migrate'), eq(auditLog.objectId, String(target.id))));
    expect(logged).toEqual([{ after: expect.objectContaining({ plantIds: [moved] }) }]);
  });

  it("a plant the source does not hold answers like a missing one, and only the source's plants are listed", async () => {
    const source = await t.createAccount(Access.endUser);
    const stranger = await t.createAccount(Access.endUser);
    const target = await t.createAccount(Access.endUser);
    await plantFor(source, 'Mill');
    const strangers = await plantFor(stranger, 'Mill annex');
    const missing = await sendSiteCode(source.username, target.username, 999_999_999);
    expect(missing.body.errno).toBe(Errno.notFound);
    expect((await sendSiteCode(source.username, target.username, strangers)).body).toEqual(missing.body);
    const listed = await post('/c/v0/account/migration/plants', { source: source.username, name: 'Mill' });
    expect(listed.body.result.plants.map((row: { name: string }) => row.name)).toEqual(['Mill']);
    expect((await post('/c/v0/account/migration/plants', { source: admin.username })).body.errno).toBe(Errno.notFound);
  });

  it('needs site.migrate for one plant and account.migrate for all; either shows the history', async () => {
    const source = await t.createAccount(Access.endUser);
    const target = await t.createAccount(Access.endUser);
    const id = await plantFor(source, 'Orchard');
    const noSite = await administratorWithout(t, admin, 'site.migrate');
    const noAccount = await administratorWithout(t, admin, 'account.migrate');
    expect((await sendSiteCode(source.username, target.username, id, noSite)).body.errno).toBe(Errno.noPermission);
    expect((await migrateSite(source.username, target.username, id, '123456', noSite)).body.errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/account/migration/plants', { source: source.username }, noSite)).body.errno).toBe(Errno.noPermission);
    expect((await sendCode(source.username, target.username, noAccount)).body.errno).toBe(Errno.noPermission);
    expect((await sendSiteCode(source.username, target.username, id, noAccount)).body.errno).toBe(0);
    for (const who of [noSite, noAccount]) expect((await post('/c/v0/account/migration/list', {}, who)).body.errno).toBe(0);
  });
});
