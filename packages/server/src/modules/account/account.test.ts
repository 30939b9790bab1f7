import { Access, Errno } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, organisation } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { codeIn } from '../../test/mailCapture.ts';
import { renderMail } from '../mail/templates.ts';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MINUTES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let seq = 0;
function signUpForm(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    user: `new_user${seq}`,
    password: 'pass1234',
    email: `new${seq}@example.test`,
    captcha: '000000',
    mobile: '+49 170 1234567',
    country: 'DE',
    accountType: Access.endUser,
    agreement: true,
    ...overrides,
  };
}

async function requestCode(email: string, language?: string) {
  const answer = await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'register', email, ...(language ? { language } : {}) });
  expect(answer.body.errno).toBe(0);
  return codeIn(await t.mail.waitFor(email));
}

describe('sign-up', () => {
  it('creates an end user with the emailed code and signs it in', async () => {
    const form = signUpForm();
    const captcha = await requestCode(form.email);
    const { body } = await t.call('POST', '/c/v1/user/register', { ...form, captcha });
    expect(body.errno).toBe(0);
    expect(body.result.access).toBe(Access.endUser);
    const info = await t.call('GET', '/c/v0/user/info', undefined, { token: body.result.token });
    expect(info.body.result).toMatchObject({
      user: form.user,
      email: form.email,
      country: 'DE',
      countryName: 'Germany',
      phone: form.mobile,
    });
  });

  it('writes the code mail in the language asked for', async () => {
    const form = signUpForm();
    await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'register', email: form.email, language: 'de' });
    const mail = await t.mail.waitFor(form.email);
    const german = renderMail('registerCode', 'de', { code: codeIn(mail), minutes: CODE_TTL_MINUTES });
    expect(german.body).not.toBe(renderMail('registerCode', 'en', { code: codeIn(mail), minutes: CODE_TTL_MINUTES }).body);
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(german.body);
  });

  it('creates an installer when asked, but never any other role', async () => {
    const form = signUpForm({ accountType: Access.installer });
    const captcha = await requestCode(form.email);
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.result.access).toBe(Access.installer);
    for (const accountType of [Access.agent, Access.distributor, Access.admin, Access.integrator]) {
      const other = signUpForm({ accountType });
      expect((await t.call('POST', '/c/v1/user/register', other)).body.errno).toBe(Errno.bodyInvalid);
    }
  });

  it('rejects mass assignment of access or organisation', async () => {
    const form = signUpForm();
    const captcha = await requestCode(form.email);
    for (const extra of [{ access: 255 }, { organisationId: 1 }, { id: 1 }]) {
      expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha, ...extra })).body.errno).toBe(Errno.bodyInvalid);
    }
    // The code was not spent by the rejected calls.
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.errno).toBe(0);
  });

  it('checks every field of spec section 5 and names the fields at fault', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user: 'abc' }, 'body.user', 'validation.usernameLength'],
      [{ user: 'a'.repeat(21) }, 'body.user', 'validation.usernameLength'],
      [{ user: 'bad name!' }, 'body.user', 'validation.usernameInvalid'],
      [{ password: '12345' }, 'body.password', 'validation.passwordLength'],
      [{ password: 'x'.repeat(21) }, 'body.password', 'validation.passwordLength'],
      [{ email: 'not-an-email' }, 'body.email', 'validation.emailInvalid'],
      [{ mobile: 'call me' }, 'body.mobile', 'validation.mobileInvalid'],
      [{ agreement: false }, 'body.agreement', 'validation.agreementRequired'],
      [{ captcha: '12ab' }, 'body.captcha', 'validation.codeInvalid'],
    ];
    for (const [override, path, message] of cases) {
      const { body } = await t.call('POST', '/c/v1/user/register', signUpForm(override));
      expect(body.errno, JSON.stringify(override)).toBe(Errno.bodyInvalid);
      expect(body.result.issues, JSON.stringify(override)).toContainEqual({ path, message });
    }
    expect((await t.call('POST', '/c/v1/user/register', signUpForm({ country: 'XX' }))).body.errno).toBe(Errno.bodyInvalid);
  });

  it('rejects a wrong code, and the code dies after too many wrong guesses', async () => {
    const form = signUpForm();
    const captcha = await requestCode(form.email);
    const wrong = captcha === '111111' ? '222222' : '111111';
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha: wrong })).body.errno).toBe(Errno.verificationCodeInvalid);
    }
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.errno).toBe(Errno.verificationCodeInvalid);
  });

  it('rejects an expired code', async () => {
    const form = signUpForm();
    const captcha = await requestCode(form.email);
    t.clock.offsetMs += 11 * 60_000;
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.errno).toBe(Errno.verificationCodeInvalid);
  });

  it('throttles code requests per mailbox', async () => {
    const form = signUpForm();
    await requestCode(form.email);
    expect((await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'register', email: form.email })).body.errno).toBe(Errno.tooFrequent);
    t.clock.offsetMs += CODE_RESEND_MS + 1_000;
    expect((await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'register', email: form.email })).body.errno).toBe(0);
  });

  it('tells a taken address nothing: the mailbox hears of its account, and no code it could read works', async () => {
    const existing = await t.createAccount(Access.endUser);
    const fresh = signUpForm();
    const answers = [];
    for (const email of [existing.email, fresh.email]) {
      answers.push((await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'register', email })).body);
    }
    expect(answers[0]).toEqual(answers[1]);
    const told = await t.mail.waitFor(existing.email);
    expect(told.text).toContain(existing.username);
    expect(told.text).not.toMatch(/\b\d{6}\b/);
    const taken = signUpForm({ email: existing.email });
    expect((await t.call('POST', '/c/v1/user/register', { ...taken, captcha: '123456' })).body.errno).toBe(Errno.verificationCodeInvalid);
  });

  it('says a user name is taken only to a mailbox that proved itself with its code, a few times an hour', async () => {
    const existing = await t.createAccount(Access.endUser);
    const form = signUpForm({ user: existing.username.toUpperCase() });
    const captcha = await requestCode(form.email);
    const wrong = captcha === '111111' ? '222222' : '111111';
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha: wrong })).body.errno).toBe(Errno.verificationCodeInvalid);
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.errno).toBe(Errno.usernameTaken);
    for (let i = 1; i < 10; i++) {
      expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.errno).toBe(Errno.usernameTaken);
    }
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.errno).toBe(Errno.tooFrequent);
  });

  it('keeps the code of a sign-up refused for a taken name, so another name can follow', async () => {
    const existing = await t.createAccount(Access.endUser);
    const form = signUpForm({ user: existing.username });
    const captcha = await requestCode(form.email);
    expect((await t.call('POST', '/c/v1/user/register', { ...form, captcha })).body.errno).toBe(Errno.usernameTaken);
    expect((await t.call('POST', '/c/v1/user/register', { ...form, user: `${existing.username}x`, captcha })).body.errno).toBe(0);
  });

  it('joins the branch of an agent or distributor code and refuses an unknown code', async () => {
    const [root] = await t.database.db.select().from(organisation).where(sql`parent_id is null`);
    await t.database.db.insert(organisation).values({ parentId: root?.id, kind: 'agent', name: 'Agent A', code: 'AGENTAAA' });
    const unknown = signUpForm({ orgCode: 'NOPE1234' });
    const c1 = await requestCode(unknown.email);
    expect((await t.call('POST', '/c/v1/user/register', { ...unknown, captcha: c1 })).body.errno).toBe(Errno.organisationCodeUnknown);
    const known = signUpForm({ orgCode: 'agentaaa' });
    const c2 = await requestCode(known.email);
    expect((await t.call('POST', '/c/v1/user/register', { ...known, captcha: c2 })).body.errno).toBe(0);
    const rows = await t.database.db
      .select({ code: organisation.code })
      .from(account)
      .innerJoin(organisation, eq(organisation.id, account.organisationId))
      .where(eq(account.username, known.user));
    expect(rows).toEqual([{ code: 'AGENTAAA' }]);
  });
});

describe('password reset by emailed code', () => {
  it('mails the code to the mailbox bound to the user name and sets the new password', async () => {
    const account = await t.createAccount(Access.endUser);
    const other = await t.signIn(account.username, account.password);
    expect((await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user: account.username })).body.errno).toBe(0);
    const captcha = codeIn(await t.mail.waitFor(account.email));
    expect((await t.call('POST', '/c/v0/user/reset', { user: account.username, captcha, password: 'fresh-pass' })).body.errno).toBe(0);
    expect((await t.call('POST', '/c/v0/user/login', { user: account.username, password: 'fresh-pass' })).body.errno).toBe(0);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: other })).body.errno).toBe(Errno.signedOutElsewhere);
  });

  it('answers an unknown user name like a known one, and sends nothing', async () => {
    const before = t.mail.received.length;
    expect((await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user: 'ghost_user' })).body.errno).toBe(0);
    expect((await t.call('POST', '/c/v0/user/reset', { user: 'ghost_user', captcha: '123456', password: 'whatever1' })).body.errno).toBe(
      Errno.verificationCodeInvalid,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.received.length).toBe(before);
  });

  it('answers before it looks the user name up, so a known name takes no longer than an unknown one', async () => {
    const known = await t.createAccount(Access.endUser);
    // Issuing a reset code now fails: if the answer waited for that work, the known name would answer differently.
    await t.database.db.execute(
      sql`create function refuse_code() returns trigger language plpgsql as $$ begin raise exception 'no codes today'; end $$`,
    );
    await t.database.db.execute(
      sql`create trigger refuse_code before insert on verification_code for each row execute function refuse_code()`,
    );
    try {
      const knownAnswer = await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user: known.username });
      const unknownAnswer = await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user: 'nobody_here' });
      expect(knownAnswer.status).toBe(200);
      expect(knownAnswer.body).toEqual(unknownAnswer.body);
      expect(knownAnswer.body.errno).toBe(0);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_code on verification_code`);
      await t.database.db.execute(sql`drop function refuse_code()`);
    }
  });

  it('throttles what was typed alike, whether or not an account has that name', async () => {
    const known = await t.createAccount(Access.endUser);
    for (const user of [known.username, 'nobody_else']) {
      expect((await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user })).body.errno).toBe(0);
      expect((await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user })).body.errno).toBe(Errno.tooFrequent);
    }
  });
});

describe('user center', () => {
  it('updates the profile fields and language, and refuses bad ones without changing anything', async () => {
    const account = await t.createAccount(Access.endUser);
    const update = { name: 'Anna Solar', city: 'Lyon', country: 'FR', postcode: '69001', address: '1 Rue X', language: 'fr' };
    const { body } = await t.call('POST', '/c/v0/user/update', update, { token: account.token });
    expect(body.errno).toBe(0);
    expect(body.result).toMatchObject({ ...update, countryName: 'France' });
    const bad = await t.call('POST', '/c/v0/user/update', { name: 'x'.repeat(201), city: 'Paris' }, { token: account.token });
    expect(bad.body.errno).toBe(Errno.bodyInvalid);
    const after = await t.call('GET', '/c/v0/user/info', undefined, { token: account.token });
    expect(after.body.result.city).toBe('Lyon');
    expect((await t.call('POST', '/c/v0/user/update', { email: 'x@y.z' }, { token: account.token })).body.errno).toBe(Errno.bodyInvalid);
  });

  it('answers the menus and buttons of the role', async () => {
    const admin = await t.createAccount(Access.admin);
    const user = await t.createAccount(Access.endUser);
    const a = (await t.call('GET', '/c/v0/user/access', undefined, { token: admin.token })).body.result;
    const u = (await t.call('GET', '/c/v0/user/access', undefined, { token: user.token })).body.result;
    expect(a.menus).toContain('power-info');
    expect(u.menus).not.toContain('power-info');
    expect(u.menus).toContain('pile-edit');
    expect(a.buttons).toContain('firmware.publish');
    expect(u.buttons).not.toContain('firmware.publish');
  });
});
