import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameLookupLimits } from '../../core/attempts.ts';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { checkCodeGuessLimits } from '../datalogger/checkCode.ts';
import { DELETIONS_BEFORE_CONFIRM } from './service.ts';

let t: TestApp;
let admin: TestAccount;
let installer: TestAccount;
let snSeq = 200_000_000_000_000;

async function registerDatalogger() {
  snSeq += 1;
  const sn = String(snSeq);
  expect((await t.call('POST', '/c/v0/module/create', { sn }, { token: admin.token })).body.errno).toBe(0);
  return sn;
}

const site = (dataloggers: string[], extra: Record<string, unknown> = {}) => ({
  name: 'Sunny Roof',
  type: 'residential',
  country: 'ES',
  timeZone: 'Europe/Madrid',
  dataloggers: dataloggers.map(t.claim),
  ...extra,
});
const create = (body: unknown, token = installer.token) => t.call('POST', '/c/v0/plant/create', body, { token });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  installer = await t.createAccount(Access.installer);
});
afterAll(() => t.close());

describe('registering dataloggers', () => {
  it('answers the MQTT secret once, refuses the same SN twice, and checks the 15 digits', async () => {
    const first = await t.call('POST', '/c/v0/module/create', { sn: '300000000000001' }, { token: admin.token });
    expect(first.body.result.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await t.call('POST', '/c/v0/module/create', { sn: '300000000000001' }, { token: admin.token })).body.errno).toBe(
      Errno.snExists,
    );
    for (const sn of ['12345', '1234567890123456', 'abcdefghijklmno']) {
      expect((await t.call('POST', '/c/v0/module/create', { sn }, { token: admin.token })).body.errno).toBe(Errno.bodyInvalid);
    }
  });

  it('is refused to an end user, who lacks the switch', async () => {
    const user = await t.createAccount(Access.endUser);
    expect((await t.call('POST', '/c/v0/module/create', { sn: '300000000000002' }, { token: user.token })).body.errno).toBe(
      Errno.noPermission,
    );
  });
});

describe('creating a plant (spec sections 5 and 8)', () => {
  it('creates it with its datalogger and derives summer time from the zone', async () => {
    const sn = await registerDatalogger();
    const { body } = await create(site([sn], { latitude: 37.39, longitude: -5.98, systemSizeKw: 8.2, commissionedOn: '2026-03-01' }));
    expect(body.errno).toBe(0);
    const detail = await t.call('GET', `/c/v0/plant/detail?id=${body.result.id}`, undefined, { token: installer.token });
    expect(detail.body.result).toMatchObject({
      name: 'Sunny Roof',
      dataloggerSns: [sn],
      summerTime: true,
      installer: installer.username,
      systemSizeKw: 8.2,
    });
    const tokyo = await create(site([await registerDatalogger()], { timeZone: 'Asia/Tokyo' }));
    const tokyoDetail = await t.call('GET', `/c/v0/plant/detail?id=${tokyo.body.result.id}`, undefined, { token: installer.token });
    expect(tokyoDetail.body.result.summerTime).toBe(false);
  });

  it('needs at least one datalogger, 15-digit SNs, a 1-32 character name and a real time zone', async () => {
    const sn = await registerDatalogger();
    const cases: [unknown, string][] = [
      [site([]), 'validation.deviceRequired'],
      [site(['123']), 'validation.dataloggerSn'],
      [site([sn], { name: '' }), 'validation.siteNameLength'],
      [site([sn], { name: 'x'.repeat(33) }), 'validation.siteNameLength'],
      [site([sn], { timeZone: 'Mars/Olympus' }), 'validation.timeZoneInvalid'],
      [site([sn], { latitude: 91 }), ''],
    ];
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect(answer.body.errno, JSON.stringify(body)).toBe(Errno.bodyInvalid);
      if (message) expect(answer.body.result.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
  });

  it('rejects two identical SNs, an unregistered SN and one another plant holds, creating nothing', async () => {
    const sn = await registerDatalogger();
    expect((await create(site([sn, sn]))).body.errno).toBe(Errno.snDuplicate);
    expect((await create(site([sn, '399999999999999']))).body.errno).toBe(Errno.snInvalid);
    // A well-formed SN with its label's code that is not registered: the message says so and what to do (issue 21, defect 8).
    const { messages } = (await t.call('GET', '/c/v0/errors/message')).body.result;
    expect(messages.en[Errno.snInvalid]).toMatch(/^No datalogger with this serial number is registered\..*register the datalogger\.$/);
    expect(messages.de[Errno.snInvalid]).toMatch(/kein Datenlogger mit dieser Seriennummer registriert/);
    expect((await create(site([sn]))).body.errno).toBe(0);
    const again = await create(site([await registerDatalogger(), sn]));
    expect(again.body.errno).toBe(Errno.snExists);
    const list = await t.call('POST', '/c/v0/plant/list', { name: 'sunny', pageSize: 50 }, { token: installer.token });
    expect(list.body.result.plants.filter((p: { dataloggers: number }) => p.dataloggers === 0)).toEqual([]);
  });

  it('takes the check code of the label: an SN alone claims nothing, and tells nothing', async () => {
    const claimer = await t.createAccount(Access.installer);
    const unbound = await registerDatalogger();
    const bound = await registerDatalogger();
    expect((await create(site([bound]))).body.errno).toBe(0);
    const withCode = (sn: string, checkCode: string) => ({ ...site([]), dataloggers: [{ sn, checkCode }] });
    // A wrong code answers the same for a registered unbound SN, a bound one and one never registered.
    const answers = [];
    for (const sn of [unbound, bound, '399999999999998']) answers.push((await create(withCode(sn, 'AAAAAAAA'), claimer.token)).body);
    expect(answers[0]).toEqual({
      errno: Errno.checkCodeWrong,
      result: { issues: [{ path: 'body.dataloggers.0.checkCode', message: 'validation.checkCodeWrong' }] },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The label's code, typed in any case, proves possession; then the SN's state is told.
    const code = t.claim(unbound).checkCode;
    const typed = ` ${code.slice(0, 4).toLowerCase()}${code.slice(4)}`;
    expect((await create(withCode(bound, t.claim(bound).checkCode), claimer.token)).body.errno).toBe(Errno.snExists);
    expect((await create(withCode('399999999999998', t.claim('399999999999998').checkCode), claimer.token)).body.errno).toBe(
      Errno.snInvalid,
    );
    expect((await create(withCode(unbound, typed), claimer.token)).body.errno).toBe(0);
  });

  it('throttles wrong check codes per account: then even the right code waits', async () => {
    const guesser = await t.createAccount(Access.installer);
    const sn = await registerDatalogger();
    const [perAccount] = checkCodeGuessLimits(guesser.id, '127.0.0.1');
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        create({ ...site([]), dataloggers: [{ sn, checkCode: `AAAAAA${'ABCDEFGHJKLMNPQRSTUVWXYZ2'[i]}A` }] }, guesser.token),
      ),
    );
    const errnos = guesses.map((answer) => answer.body.errno);
    expect(errnos.filter((errno) => errno === Errno.checkCodeWrong)).toHaveLength(perAccount?.max as number);
    expect(errnos.filter((errno) => errno === Errno.tooFrequent)).toHaveLength(25 - (perAccount?.max as number));
    expect((await create(site([sn]), guesser.token)).body.errno).toBe(Errno.tooFrequent);
    const windowMs = (perAccount?.windowMs as number) + 1_000;
    t.clock.offsetMs += windowMs;
    expect((await create(site([sn]), guesser.token)).body.errno).toBe(0);
    // Back, for the deletions below, which the database dates by its own clock.
    t.clock.offsetMs -= windowMs;
  });

  it("answers a registration's check code, and lists codes only to who registers dataloggers", async () => {
    const sn = '200000000009999';
    const registered = await t.call('POST', '/c/v0/module/create', { sn }, { token: admin.token });
    expect(registered.body.result.checkCode).toBe(t.claim(sn).checkCode);
    const listed = await t.call('POST', '/c/v0/module/list', { sn, pageSize: 10 }, { token: admin.token });
    expect(listed.body.result.dataloggers[0].checkCode).toBe(t.claim(sn).checkCode);
    expect((await create(site([sn]))).body.errno).toBe(0);
    const byInstaller = await t.call('POST', '/c/v0/module/list', { sn, pageSize: 10 }, { token: installer.token });
    expect(byInstaller.body.result.dataloggers.map((row: { checkCode: string | null }) => row.checkCode)).toEqual([null]);
  });

  it('gives the plant to an end user by user name, and refuses an unknown one', async () => {
    const user = await t.createAccount(Access.endUser);
    const created = await create(site([await registerDatalogger()], { owner: user.username }));
    expect(created.body.errno).toBe(0);
    const seen = await t.call('GET', `/c/v0/plant/detail?id=${created.body.result.id}`, undefined, { token: user.token });
    expect(seen.body.result.owner).toBe(user.username);
    expect((await create(site([await registerDatalogger()], { owner: 'nobody_at_all' }))).body.errno).toBe(Errno.ownerUnknown);
    expect((await create(site([await registerDatalogger()], { owner: installer.username }))).body.errno).toBe(Errno.ownerUnknown);
  });
});

describe('exporting the plant list', () => {
  it("exports the caller's plants only, filtered like the list, as xlsx or CSV in the caller's language", async () => {
    const owner = await t.createAccount(Access.endUser);
    const mine = await create(site([await registerDatalogger()], { owner: owner.username, name: '=Owned roof', country: 'DE' }));
    await create(site([await registerDatalogger()], { name: 'Someone else', country: 'DE' }));
    const xlsx = await t.download('/c/v0/plant/export', { country: 'DE' }, { token: owner.token, lang: 'de' });
    expect(xlsx.contentType).toContain('spreadsheetml');
    const sheet = await firstSheetOf(xlsx.bytes);
    expect(sheet.name).toBe('Anlagen');
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    expect(sheet.rowCount).toBe(2);
    // What users typed never becomes a formula.
    expect(sheet.getRow(2).getCell(2).value).toBe("'=Owned roof");
    expect(sheet.getRow(2).getCell(1).value).toBe(mine.body.result.id);
    const csv = await t.download('/c/v0/plant/export', { country: 'DE', format: 'csv' }, { token: admin.token });
    expect(csv.contentType).toContain('text/csv');
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('ID,Name,Type,Status,Country,City,Time zone,System size (kW),Installer,Owner,Dataloggers,Created (UTC)');
    expect(lines.filter((line) => line.includes('Owned roof') || line.includes('Someone else'))).toHaveLength(2);
    const stranger = await t.createAccount(Access.endUser);
    const none = await t.download('/c/v0/plant/export', { format: 'csv' }, { token: stranger.token });
    expect(
      none.bytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n'),
    ).toHaveLength(1);
    const bad = await t.call('POST', '/c/v0/plant/export', { format: 'pdf' }, { token: admin.token });
    expect(bad.body.errno).toBe(Errno.bodyInvalid);
  });
});

describe('naming other accounts (owner, share, integrator)', () => {
  it('counts the names that miss, so which names exist cannot be read off in bulk; names that exist never count', async () => {
    const prober = await t.createAccount(Access.installer);
    const user = await t.createAccount(Access.endUser);
    const probe = async (owner: string) => (await create(site([await registerDatalogger()], { owner }), prober.token)).body.errno;
    const { max } = nameLookupLimits(prober.id, '127.0.0.1')[0] as { max: number };
    for (let i = 0; i < max; i++) {
      expect(await probe(user.username)).toBe(0);
      expect(await probe(`ghost_${i}`)).toBe(Errno.ownerUnknown);
    }
    expect(await probe('ghost_next')).toBe(Errno.tooFrequent);
    expect(await probe(user.username)).toBe(Errno.tooFrequent);
    const plant = (await create(site([await registerDatalogger()]), installer.token)).body.result.id;
    const share = (name: string) => t.call('POST', '/c/v0/plant/share', { id: plant, user: name, role: 'viewer' }, { token: prober.token });
    // A plant the caller may not share answers as missing before any name is looked up.
    expect((await share(user.username)).body).toEqual((await share('ghost_x')).body);
    expect((await share('ghost_x')).body.errno).toBe(Errno.notFound);
  });
});

describe('deleting plants', () => {
  it('frees the datalogger for another plant, and asks for confirmation after several deletions', async () => {
    const ids: number[] = [];
    const sns: string[] = [];
    for (let i = 0; i <= DELETIONS_BEFORE_CONFIRM; i++) {
      const sn = await registerDatalogger();
      sns.push(sn);
      ids.push((await create(site([sn]))).body.result.id);
    }
    for (const id of ids.slice(0, DELETIONS_BEFORE_CONFIRM)) {
      expect((await t.call('POST', '/c/v0/plant/delete', { id }, { token: installer.token })).body.errno).toBe(0);
    }
    const last = ids.at(-1) as number;
    expect((await t.call('POST', '/c/v0/plant/delete', { id: last }, { token: installer.token })).body.errno).toBe(
      Errno.plantDeleteTooFrequent,
    );
    expect((await t.call('POST', '/c/v0/plant/delete', { id: last, confirm: true }, { token: installer.token })).body.errno).toBe(0);
    expect((await t.call('GET', `/c/v0/plant/detail?id=${last}`, undefined, { token: installer.token })).body.errno).toBe(Errno.notFound);
    expect((await create(site([sns[0] as string]))).body.errno).toBe(0);
  });
});
