import { hash, randomBytes } from 'node:crypto';
import {
  Access,
  Errno,
  INVITATION_TTL_DAYS,
  type InvitationCreateBody,
  type InvitationListBody,
  type InvitationSummary,
  type Language,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AccountRepo } from '../account/repo.ts';
import type { AuditService } from '../audit/service.ts';
import type { MailService } from '../mail/service.ts';
import type { InvitationRepo, InvitationRow } from './repo.ts';

const DAY_MS = 86_400_000;
const hashToken = (token: string) => hash('sha256', token, 'buffer');

/**
 * Joining a branch by invitation (issue 3). A branch manager or administrator invites an address
 * as installer or end user; the mail carries a link to sign-up with a 256-bit one-time token, of
 * which only the sha256 is stored. Signing up with it joins that branch with that role; the token
 * then works no more, nor after INVITATION_TTL_DAYS or a withdrawal.
 */
export function createInvitationService(deps: {
  invitations: InvitationRepo;
  accounts: Pick<AccountRepo, 'emailTaken'>;
  mail: MailService;
  audit: AuditService;
  transaction: Transaction;
  publicUrl: string;
  now: () => number;
}) {
  const { invitations, accounts, mail, audit, transaction, publicUrl, now } = deps;
  /** Administrators see every branch; branch managers their own and those below it. */
  const branchOf = (session: Session) => (session.access === Access.admin ? undefined : session.organisationPath);

  return {
    async create(session: Session, client: ClientInfo, body: InvitationCreateBody, language: Language) {
      requirePermission(session, 'member.add');
      return transaction(async () => {
        const branch = await invitations.organisationInBranch(branchOf(session), body.organisationId ?? organisationIdOf(session));
        if (!branch) throw notFound();
        if (await accounts.emailTaken(body.email)) throw new AppError(Errno.emailTaken);
        const token = randomBytes(32).toString('base64url');
        const expiresAt = new Date(now() + INVITATION_TTL_DAYS * DAY_MS);
        const mailLanguage = body.language ?? language;
        const id = await invitations.insert(
          {
            tokenHash: hashToken(token),
            email: body.email,
            access: body.accountType,
            organisationId: branch.id,
            invitedBy: session.accountId,
            language: mailLanguage,
            expiresAt,
          },
          new Date(now()),
        );
        const link = `${publicUrl.replace(/\/$/, '')}/signUp?invitation=${token}`;
        const template = body.accountType === Access.installer ? 'invitationInstaller' : 'invitationEndUser';
        await mail.send(body.email, template, mailLanguage, { organisation: branch.name, link, days: INVITATION_TTL_DAYS });
        await audit.record(session, client, {
          action: 'invitation.create',
          objectType: 'invitation',
          objectId: id,
          after: { email: body.email, accountType: body.accountType, organisationId: branch.id, expiresAt: expiresAt.toISOString() },
        });
        return { id, expiresAt: expiresAt.getTime() };
      });
    },

    async list(session: Session, filters: InvitationListBody) {
      requirePermission(session, 'member.query');
      const { total, rows } = await invitations.list(branchOf(session), filters, new Date(now()));
      const present = (row: (typeof rows)[number]): InvitationSummary => ({
        id: row.invitation.id,
        email: row.invitation.email,
        accountType: row.invitation.access,
        organisation: row.organisation,
        invitedBy: row.invitedBy ?? '',
        status: row.status,
        usedBy: row.usedBy ?? '',
        createdAt: row.invitation.createdAt.getTime(),
        expiresAt: row.invitation.expiresAt.getTime(),
      });
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, invitations: rows.map(present) };
    },

    /** Withdraws a pending invitation; one outside the branch answers 40404, one no longer pending 41940. */
    async revoke(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'member.add');
      return transaction(async () => {
        const found = await invitations.findInBranch(branchOf(session), id);
        if (!found) throw notFound();
        if (!(await invitations.revoke(id, new Date(now())))) throw new AppError(Errno.invitationInvalid);
        await audit.record(session, client, {
          action: 'invitation.revoke',
          objectType: 'invitation',
          objectId: id,
          before: { email: found.email },
        });
      });
    },

    /** What the sign-up page pre-fills for a link: the address, the role and the branch's name. */
    async check(token: string) {
      const found = await invitations.findPending(hashToken(token), new Date(now()));
      if (!found) throw new AppError(Errno.invitationInvalid);
      return {
        email: found.invitation.email,
        accountType: found.invitation.access,
        organisation: found.organisation,
        expiresAt: found.invitation.expiresAt.getTime(),
      };
    },

    /**
     * Spends an invitation for a sign-up with `email` (the invited address, without case). Answers
     * the branch and role to join; `release` gives it back when the sign-up fails after all.
     */
    async claim(token: string, email: string): Promise<InvitationRow> {
      const pending = await invitations.findPending(hashToken(token), new Date(now()));
      if (!pending) throw new AppError(Errno.invitationInvalid);
      if (pending.invitation.email.toLowerCase() !== email.toLowerCase()) throw new AppError(Errno.invitationEmailMismatch);
      const claimed = await invitations.claim(hashToken(token), new Date(now()));
      if (!claimed) throw new AppError(Errno.invitationInvalid);
      return claimed;
    },

    release: (claimed: InvitationRow) => invitations.release(claimed.id),
    attach: (claimed: InvitationRow, accountId: number) => invitations.attachAccount(claimed.id, accountId),
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
