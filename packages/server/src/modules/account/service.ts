import { hash, randomBytes, randomInt } from 'node:crypto';
import {
  type AccessResult,
  APP_ROUTES,
  canAccess,
  Errno,
  type Language,
  LIMITS,
  type RegisterBody,
  type ResetBody,
  type SendCaptchaBody,
  type UpdateInfoBody,
  type UserInfo,
} from '@sunstack/shared';
import { type AttemptLimit, type AttemptLimiter, passwordGuessLimits } from '../../core/attempts.ts';
import type { BackgroundWork } from '../../core/background.ts';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { permissionsOf } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { InvitationService } from '../invitation/service.ts';
import type { MailService } from '../mail/service.ts';
import { countryName, isCountryCode } from '../meta/countries.ts';
import { hashPassword, verifyPassword } from '../session/password.ts';
import type { SessionService } from '../session/service.ts';
import type { AccountRepo, AccountRow, VerificationPurpose } from './repo.ts';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_PER_HOUR = 10;
export const CODE_MAX_PER_ADDRESS_HOUR = 20;
const HOUR_MS = 3_600_000;

/** The screens each access code reaches, listed once per code: the route table never changes while the app runs. */
const menusByAccess = new Map<number, string[]>();
function menusOf(access: number): string[] {
  let menus = menusByAccess.get(access);
  if (!menus) {
    menus = APP_ROUTES.filter((route) => canAccess(route, access)).map((route) => route.name);
    menusByAccess.set(access, menus);
  }
  return menus;
}

const hashCode = (email: string, code: string) => hash('sha256', `${email.toLowerCase()}:${code}`, 'buffer');

export function createAccountService(deps: {
  accounts: AccountRepo;
  sessions: SessionService;
  mail: MailService;
  /** Password changes and resets go to the account log. */
  audit: Pick<AuditService, 'recordAccountEvent'>;
  /** Sign-up with an invitation link joins its branch with its role (modules/invitation). */
  invitations: Pick<InvitationService, 'claim' | 'release' | 'attach'>;
  transaction: Transaction;
  /** Wrong current passwords count like failed sign-ins. */
  attempts: AttemptLimiter;
  /** A reset's lookup and mail run after its answer. */
  background: BackgroundWork;
  now: () => number;
}) {
  const { accounts, sessions, mail, audit, invitations, transaction, attempts, background, now } = deps;

  /**
   * Asking for an emailed code: what was typed (a mailbox, or a user name for a reset) once a
   * minute and ten times an hour, and one address at most twenty times an hour. Counted whether or
   * not an account stands behind it, so the answer is the same either way.
   */
  async function takeCodeRequest(typed: string, ip: string | undefined) {
    const subject = typed.toLowerCase();
    const limits: AttemptLimit[] = [
      { key: `code-request:${subject}`, max: 1, windowMs: CODE_RESEND_MS },
      { key: `code-request-hour:${subject}`, max: CODE_MAX_PER_HOUR, windowMs: HOUR_MS },
    ];
    if (ip !== undefined) limits.push({ key: `code-request-address:${ip}`, max: CODE_MAX_PER_ADDRESS_HOUR, windowMs: HOUR_MS });
    return (await attempts.take(limits)) !== undefined;
  }

  async function issueCode(email: string, purpose: VerificationPurpose) {
    const code = String(randomInt(0, 10 ** LIMITS.verificationCodeDigits)).padStart(LIMITS.verificationCodeDigits, '0');
    await accounts.insertVerificationCode({
      purpose,
      email,
      codeHash: hashCode(email, code),
      createdAt: new Date(now()),
      expiresAt: new Date(now() + CODE_TTL_MINUTES * 60_000),
    });
    return code;
  }

  /** The newest code of a mailbox, if it is the one given; a wrong guess counts against it. Spent by `spendCode`. */
  async function checkCode(email: string, purpose: VerificationPurpose, code: string) {
    const latest = await accounts.latestVerificationCode(email, purpose);
    if (!latest || latest.expiresAt.getTime() <= now() || latest.attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError(Errno.verificationCodeInvalid);
    }
    if (!latest.codeHash.equals(hashCode(email, code))) {
      await accounts.countVerificationAttempt(latest.id);
      throw new AppError(Errno.verificationCodeInvalid);
    }
    return latest.id;
  }

  /** A checked code is used once: a concurrent call that used it first wins. */
  async function spendCode(id: number) {
    if (!(await accounts.useVerificationCode(id))) throw new AppError(Errno.verificationCodeInvalid);
  }

  /** A password reset's work, after the answer: looking the user name up and mailing its mailbox. */
  async function mailResetCode(login: string) {
    const found = await accounts.findByLogin(login);
    if (!found || found.disabledAt) return;
    // The mailbox's own limits: its user name and its email are two things to type.
    if (!(await takeCodeRequest(`account:${found.id}`, undefined))) return;
    const code = await issueCode(found.email, 'reset');
    await mail.send(found.email, 'resetCode', found.language as Language, { code, user: found.username, minutes: CODE_TTL_MINUTES });
  }

  function present(row: AccountRow, language: Language): UserInfo {
    return {
      user: row.username,
      name: row.name,
      phone: row.phone,
      email: row.email,
      country: row.country,
      countryName: countryName(row.country, language),
      city: row.city,
      address: row.address,
      postcode: row.postcode,
      introduction: row.introduction,
      note: row.note,
      clientID: row.clientId,
      apiMqttEnable: row.apiMqttEnable,
      access: row.access,
      language: row.language as Language,
    };
  }

  async function current(session: Session) {
    const row = await accounts.findById(session.accountId);
    if (!row) throw new AppError(Errno.tokenInvalid);
    return row;
  }

  return {
    /**
     * Sign-up codes go to the address typed; a mailbox that already has an account is told so
     * instead (and gets a code no one reads), so the answer never says which addresses are taken.
     * Reset codes go to the mailbox of the user name, looked up after the answer: a known and an
     * unknown name answer alike and in the same time.
     */
    async sendCode(body: SendCaptchaBody, language: Language, client: ClientInfo) {
      const typed = body.purpose === 'register' ? body.email : body.user;
      if (!(await takeCodeRequest(typed, client.ip))) throw new AppError(Errno.tooFrequent);
      if (body.purpose === 'reset') {
        background.start('mailing a password reset code', () => mailResetCode(body.user));
        return;
      }
      const existing = await accounts.findByEmail(body.email);
      const code = await issueCode(body.email, 'register');
      if (existing) {
        await mail.send(existing.email, 'registerExisting', existing.language as Language, { user: existing.username });
      } else {
        await mail.send(body.email, 'registerCode', body.language ?? language, { code, minutes: CODE_TTL_MINUTES });
      }
    },

    /**
     * The emailed code (or an invitation link) proves the mailbox before anything is said about
     * which names, addresses or branch codes exist; the names a proven mailbox tries are limited too.
     */
    async register(body: RegisterBody, language: Language, client: ClientInfo) {
      if (!isCountryCode(body.country))
        throw new AppError(Errno.bodyInvalid, [{ path: 'body.country', message: 'validation.countryRequired' }]);
      // An invitation link decides the branch and the role, and stands for the emailed code (both prove the mailbox).
      const invited = body.invitation ? await invitations.claim(body.invitation, body.email) : undefined;
      const codeId = invited ? undefined : await checkCode(body.email, 'register', body.captcha ?? '');
      try {
        const attempt = await attempts.take([{ key: `sign-up-names:${body.email.toLowerCase()}`, max: 10, windowMs: HOUR_MS }]);
        if (!attempt) throw new AppError(Errno.tooFrequent);
        if (await accounts.usernameTaken(body.user)) throw new AppError(Errno.usernameTaken);
        if (await accounts.emailTaken(body.email)) throw new AppError(Errno.emailTaken);
        let organisationId = invited?.organisationId ?? (await accounts.rootOrganisationId());
        if (!invited && body.orgCode) {
          const branch = await accounts.branchByCode(body.orgCode);
          if (!branch) throw new AppError(Errno.organisationCodeUnknown);
          organisationId = branch.id;
        }
        await attempt.giveBack();
        const passwordHash = await hashPassword(body.password);
        const created = await transaction(async () => {
          if (codeId !== undefined) await spendCode(codeId);
          return accounts.insert({
            organisationId,
            username: body.user,
            email: body.email,
            passwordHash,
            access: invited?.access ?? body.accountType,
            phone: body.mobile,
            country: body.country,
            language: body.language ?? language,
            clientId: randomBytes(8).toString('hex'),
          });
        });
        if (invited) await invitations.attach(invited, created.id);
        return { token: await sessions.open(created.id, client), access: created.access, passwordChangeRequired: false };
      } catch (error) {
        // A refused sign-up leaves the invitation for the next try.
        if (invited) await invitations.release(invited);
        throw error;
      }
    },

    async reset(body: ResetBody, client: ClientInfo) {
      const found = await accounts.findByLogin(body.user);
      // Same answer as a wrong code, so the call does not tell which user names exist.
      if (!found || found.disabledAt) throw new AppError(Errno.verificationCodeInvalid);
      const codeId = await checkCode(found.email, 'reset', body.captcha);
      const passwordHash = await hashPassword(body.password);
      await transaction(async () => {
        await spendCode(codeId);
        await accounts.setPasswordHash(found.id, passwordHash);
        await sessions.revokeOthers(found.id, 'changed');
        await audit.recordAccountEvent(client, { event: 'passwordResetByCode', account: found, actorId: found.id });
      });
    },

    async info(session: Session, language: Language) {
      return present(await current(session), language);
    },

    async updateInfo(session: Session, body: UpdateInfoBody, language: Language) {
      if (body.country !== undefined && !isCountryCode(body.country)) {
        throw new AppError(Errno.bodyInvalid, [{ path: 'body.country', message: 'validation.countryRequired' }]);
      }
      await accounts.updateProfile(session.accountId, body);
      return present(await current(session), body.language ?? language);
    },

    /**
     * Ends every other session of the account; the one that changed the password stays (and, if
     * it had to change a one-time password, may now do everything else).
     */
    async changePassword(session: Session, client: ClientInfo, oldPassword: string, newPassword: string) {
      const row = await current(session);
      // The same count as sign-in: a session is no licence to guess its account's password.
      const attempt = await attempts.take(passwordGuessLimits(`account:${row.id}`, client.ip));
      if (!attempt) throw new AppError(Errno.passwordGuessesPaused);
      if (!(await verifyPassword(row.passwordHash, oldPassword))) throw new AppError(Errno.oldPasswordWrong);
      await attempt.giveBack();
      if (newPassword === oldPassword) throw new AppError(Errno.passwordUnchanged);
      const passwordHash = await hashPassword(newPassword);
      await transaction(async () => {
        await accounts.setPasswordHash(row.id, passwordHash);
        await sessions.revokeOthers(row.id, 'changed', session.tokenHash);
        const event = row.passwordChangeRequired ? 'passwordChangedAfterReset' : 'passwordChanged';
        await audit.recordAccountEvent(client, { event, account: row, actorId: row.id });
      });
    },

    access(session: Session): AccessResult {
      return {
        access: session.access,
        menus: menusOf(session.access),
        buttons: [...permissionsOf(session)],
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
