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
import { type AttemptLimiter, passwordGuessLimits } from '../../core/attempts.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { InvitationService } from '../invitation/service.ts';
import type { MailService } from '../mail/service.ts';
import { countryName, isCountryCode } from '../meta/countries.ts';
import { permissionsOf } from '../scope/permissions.ts';
import { hashPassword, verifyPassword } from '../session/password.ts';
import type { ClientInfo, Session, SessionService } from '../session/service.ts';
import type { AccountRepo, AccountRow, VerificationPurpose } from './repo.ts';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_PER_HOUR = 10;

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
  now: () => number;
}) {
  const { accounts, sessions, mail, audit, invitations, transaction, attempts, now } = deps;

  async function issueCode(email: string, purpose: VerificationPurpose) {
    const sent = await accounts.countVerificationCodesSince(email, purpose, new Date(now() - 3_600_000));
    if (sent.count >= CODE_MAX_PER_HOUR || (sent.latest && now() - sent.latest.getTime() < CODE_RESEND_MS)) {
      throw new AppError(Errno.tooFrequent);
    }
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

  /** Checks and spends the newest code of a mailbox; a wrong guess counts against it. */
  async function spendCode(email: string, purpose: VerificationPurpose, code: string) {
    const latest = await accounts.latestVerificationCode(email, purpose);
    if (!latest || latest.expiresAt.getTime() <= now() || latest.attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError(Errno.verificationCodeInvalid);
    }
    if (!latest.codeHash.equals(hashCode(email, code))) {
      await accounts.countVerificationAttempt(latest.id);
      throw new AppError(Errno.verificationCodeInvalid);
    }
    if (!(await accounts.useVerificationCode(latest.id))) throw new AppError(Errno.verificationCodeInvalid);
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
    /** Sign-up codes go to the address typed; reset codes to the mailbox bound to the user name, which is never revealed. */
    async sendCode(body: SendCaptchaBody, language: Language) {
      if (body.purpose === 'register') {
        if (await accounts.emailTaken(body.email)) throw new AppError(Errno.emailTaken);
        const code = await issueCode(body.email, 'register');
        await mail.send(body.email, 'registerCode', body.language ?? language, { code, minutes: CODE_TTL_MINUTES });
        return;
      }
      const found = await accounts.findByLogin(body.user);
      if (!found || found.disabledAt) return;
      const code = await issueCode(found.email, 'reset');
      await mail.send(found.email, 'resetCode', found.language as Language, { code, user: found.username, minutes: CODE_TTL_MINUTES });
    },

    async register(body: RegisterBody, language: Language, client: ClientInfo) {
      if (await accounts.usernameTaken(body.user)) throw new AppError(Errno.usernameTaken);
      if (await accounts.emailTaken(body.email)) throw new AppError(Errno.emailTaken);
      if (!isCountryCode(body.country))
        throw new AppError(Errno.bodyInvalid, [{ path: 'body.country', message: 'validation.countryRequired' }]);
      let organisationId = await accounts.rootOrganisationId();
      // An invitation link decides the branch and the role, and stands for the emailed code (both prove the mailbox).
      const invited = body.invitation ? await invitations.claim(body.invitation, body.email) : undefined;
      if (invited) organisationId = invited.organisationId;
      else if (body.orgCode) {
        const branch = await accounts.branchByCode(body.orgCode);
        if (!branch) throw new AppError(Errno.organisationCodeUnknown);
        organisationId = branch.id;
      }
      if (!invited) await spendCode(body.email, 'register', body.captcha ?? '');
      const created = await accounts
        .insert({
          organisationId,
          username: body.user,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          access: invited?.access ?? body.accountType,
          phone: body.mobile,
          country: body.country,
          language: body.language ?? language,
          clientId: randomBytes(8).toString('hex'),
        })
        .catch(async (error: unknown) => {
          if (invited) await invitations.release(invited);
          throw error;
        });
      if (invited) await invitations.attach(invited, created.id);
      return { token: await sessions.open(created.id, client), access: created.access, passwordChangeRequired: false };
    },

    async reset(body: ResetBody, client: ClientInfo) {
      const found = await accounts.findByLogin(body.user);
      // Same answer as a wrong code, so the call does not tell which user names exist.
      if (!found || found.disabledAt) throw new AppError(Errno.verificationCodeInvalid);
      await spendCode(found.email, 'reset', body.captcha);
      const passwordHash = await hashPassword(body.password);
      await transaction(async () => {
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
      if (!attempt) throw new AppError(Errno.tooFrequent);
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
