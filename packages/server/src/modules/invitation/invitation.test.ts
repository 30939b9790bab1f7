import { Access, Errno, INVITATION_TTL_DAYS } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, organisation } from '../../db/schema.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createAccountRepo } from '../account/repo.ts';

let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
let agent: TestAccount;
let otherAgent: TestAccount;
let distributorOrg: { id: number; name: string };
let agentOrg: number;

const call = (path: string, body: unknown, token: string) => t.call('POST', path, body, { token });
const invite = (email: string, extra: Record<string, unknown> = {}, token = distributor.token) =>
  call('/c/v0/invitation/create', { email, accountType: Access.installer, ...extra }, token);
const check = (token: string) => t.call('GET', `/c/v0/invitation/check?token=${token}`);
let signUps = 0;
const signUp = (invitation: string, email: string, extra: Record<string, unknown> = {}) => {
  signUps += 1;
  return t.call('POST', '/c/v1/user/register', {
    user: `invited_${signUps}`,
    password: 'secret123',
    email,
    mobile: '+49 170 1234567',
    country: 'DE',
    accountType: Access.endUser,
    agreement: true,
    invitation,
    ...extra,
  });
};

/** The token of the invitation link in the newest mail to `email`. */
async function linkTokenFor(email: string) {
  const mail = await t.mail.waitFor(email);
  const match = mail.text.match(/\/signUp\?invitation=([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error(`no invitation link in:\n${mail.text}`);
  return { token: match[1], text: mail.text };
}

beforeAll(async () => {
  t = await startTestApp();
  const root = await createAccountRepo(t.database.db).rootOrganisationId();
  const branch = async (parentId: number, kind: 'distributor' | 'agent', name: string, code: string) => {
    const [row] = await t.database.db.insert(organisation).values({ parentId, kind, name, code }).returning({ id: organisation.id });
    return (row as { id: number }).id;
  };
  distributorOrg = { id: await branch(root, 'distributor', 'Invite Solar GmbH', 'INVDIST1'), name: 'Invite Solar GmbH' };
  agentOrg = await branch(distributorOrg.id, 'agent', 'Invite Agent', 'INVAGNT1');
  const elsewhere = await branch(root, 'agent', 'Elsewhere Agent', 'INVAGNT2');
  admin = await t.createAccount(Access.admin);
  distributor = await t.createAccount(Access.distributor, { organisationId: distributorOrg.id });
  agent = await t.createAccount(Access.agent, { organisationId: agentOrg });
  otherAgent = await t.createAccount(Access.agent, { organisationId: elsewhere });
});
afterAll(() => t.close());

describe('joining by invitation (issue 3)', () => {
  it('mails a link; signing up with it joins the branch with the role, without an emailed code, once', async () => {
    expect((await invite('Hanna@Example.test')).body.errno).toBe(0);
    const { token, text } = await linkTokenFor('hanna@example.test');
    expect(text).toContain('Invite Solar GmbH');
    expect(text).toContain(`${INVITATION_TTL_DAYS}`);

    const checked = await check(token);
    expect(checked.body.result).toMatchObject({
      email: 'Hanna@Example.test',
      accountType: Access.installer,
      organisation: 'Invite Solar GmbH',
    });

    const joined = await signUp(token, 'hanna@example.test');
    expect(joined.body.errno, JSON.stringify(joined.body)).toBe(0);
    expect(joined.body.result.access).toBe(Access.installer);
    const [created] = await t.database.db
      .select({ organisationId: account.organisationId, access: account.access })
      .from(account)
      .where(eq(account.email, 'hanna@example.test'));
    expect(created).toEqual({ organisationId: distributorOrg.id, access: Access.installer });

    expect((await check(token)).body.errno).toBe(Errno.invitationInvalid);
    expect((await signUp(token, 'hanna2@example.test')).body.errno).toBe(Errno.invitationInvalid);
    const list = await call('/c/v0/invitation/list', { email: 'hanna' }, distributor.token);
    expect(list.body.result.invitations[0]).toMatchObject({ status: 'used', usedBy: expect.stringMatching(/^invited_/) });
  });

  it('lets only one of two simultaneous sign-ups with the same link through', async () => {
    await invite('twice@example.test');
    const { token } = await linkTokenFor('twice@example.test');
    const answers = await Promise.all([signUp(token, 'twice@example.test'), signUp(token, 'twice@example.test')]);
    const errnos = answers.map((a) => a.body.errno);
    expect(errnos.filter((errno) => errno === 0)).toHaveLength(1);
    // The other one lost the claim, or (arriving later) found the address registered.
    expect([Errno.invitationInvalid, Errno.emailTaken]).toContain(errnos.find((errno) => errno !== 0));
    const accounts = await t.database.db.select({ id: account.id }).from(account).where(eq(account.email, 'twice@example.test'));
    expect(accounts).toHaveLength(1);
  });

  it('writes the mail in the language asked for', async () => {
    await invite('jonas@example.test', { language: 'de', accountType: Access.endUser });
    const { text } = await linkTokenFor('jonas@example.test');
    expect(text).toContain('lädt Sie ein');
  });

  it('takes only the invited address, and keeps the link usable after a refused try', async () => {
    await invite('petra@example.test');
    const { token } = await linkTokenFor('petra@example.test');
    expect((await signUp(token, 'someone.else@example.test')).body.errno).toBe(Errno.invitationEmailMismatch);
    expect((await signUp(token, 'petra@example.test', { user: distributor.username })).body.errno).toBe(Errno.usernameTaken);
    expect((await signUp(token, 'petra@example.test')).body.errno).toBe(0);
  });

  it('expires after its days, and a newer invitation to the same address replaces an older one', async () => {
    await invite('late@example.test');
    const { token: old } = await linkTokenFor('late@example.test');
    await invite('late@example.test');
    const { token: replaced } = await linkTokenFor('late@example.test');
    expect((await check(old)).body.errno).toBe(Errno.invitationInvalid);
    expect((await check(replaced)).body.errno).toBe(0);
    t.clock.offsetMs = (INVITATION_TTL_DAYS * 24 + 1) * 3_600_000;
    try {
      expect((await check(replaced)).body.errno).toBe(Errno.invitationInvalid);
      expect((await signUp(replaced, 'late@example.test')).body.errno).toBe(Errno.invitationInvalid);
      // The clock moved past the distributor's sign-in too.
      const fresh = await t.signIn(distributor.username, distributor.password);
      const list = await call('/c/v0/invitation/list', { email: 'late@', status: 'expired' }, fresh);
      expect(list.body.result.total).toBe(1);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('can be withdrawn by its branch; another branch cannot see or withdraw it', async () => {
    const created = await invite('withdrawn@example.test', {}, agent.token);
    const { token } = await linkTokenFor('withdrawn@example.test');
    const id = created.body.result.id;
    const missing = await call('/c/v0/invitation/revoke', { id: 999_999 }, otherAgent.token);
    expect((await call('/c/v0/invitation/revoke', { id }, otherAgent.token)).body).toEqual(missing.body);
    expect(missing.body.errno).toBe(Errno.notFound);
    expect((await call('/c/v0/invitation/list', { email: 'withdrawn' }, otherAgent.token)).body.result.total).toBe(0);
    // The distributor above the agent sees and may withdraw it.
    expect((await call('/c/v0/invitation/list', { email: 'withdrawn' }, distributor.token)).body.result.total).toBe(1);
    expect((await call('/c/v0/invitation/revoke', { id }, distributor.token)).body.errno).toBe(0);
    expect((await call('/c/v0/invitation/revoke', { id }, distributor.token)).body.errno).toBe(Errno.invitationInvalid);
    expect((await check(token)).body.errno).toBe(Errno.invitationInvalid);
    const log = await call('/c/v0/log/operation/list', { objectType: 'invitation', objectId: String(id) }, admin.token);
    expect(log.body.result.entries.map((e: { action: string }) => e.action)).toEqual(['invitation.revoke', 'invitation.create']);
  });

  it('invites into the own branch or one below it only, never a registered address, and not as an end user', async () => {
    expect((await invite('below@example.test', { organisationId: agentOrg })).body.errno).toBe(0);
    const above = await invite('above@example.test', { organisationId: distributorOrg.id }, agent.token);
    const nowhere = await invite('above@example.test', { organisationId: 999_999 }, agent.token);
    expect(above.body).toEqual(nowhere.body);
    expect(above.body.errno).toBe(Errno.notFound);
    expect((await invite(distributor.email)).body.errno).toBe(Errno.emailTaken);
    expect((await invite('bad address')).body.errno).toBe(Errno.bodyInvalid);
    expect((await invite('role@example.test', { accountType: Access.agent })).body.errno).toBe(Errno.bodyInvalid);
    const user = await t.createAccount(Access.endUser, { organisationId: agentOrg });
    expect((await invite('x@example.test', {}, user.token)).body.errno).toBe(Errno.noPermission);
    expect((await call('/c/v0/invitation/list', { status: 'pending', email: 'above' }, admin.token)).body.result.total).toBe(0);
  });

  it('still needs the emailed code to sign up without an invitation, and refuses a malformed token', async () => {
    const plain = await t.call('POST', '/c/v1/user/register', {
      user: 'no_code_user',
      password: 'secret123',
      email: 'nocode@example.test',
      mobile: '+49 170 1234567',
      country: 'DE',
      accountType: Access.endUser,
      agreement: true,
    });
    expect(plain.body).toMatchObject({
      errno: Errno.bodyInvalid,
      result: { issues: [{ path: 'body.captcha', message: 'validation.codeInvalid' }] },
    });
    expect((await check('short')).body.errno).toBe(Errno.bodyInvalid);
    expect((await signUp('x'.repeat(43), 'nobody@example.test')).body.errno).toBe(Errno.invitationInvalid);
  });
});
