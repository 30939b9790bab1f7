import { randomInt } from 'node:crypto';
import {
  Access,
  type BranchCreateBody,
  type BranchKind,
  type BranchListBody,
  type BranchSummary,
  type BranchUpdateBody,
  Errno,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { isCountryCode } from '../meta/countries.ts';
import type { BranchRepo, BranchRow } from './repo.ts';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_ATTEMPTS = 5;

export const newSignUpCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const present = (row: { branch: BranchRow; parentName: string | null; accounts: number }): BranchSummary => ({
  id: row.branch.id,
  kind: row.branch.kind as BranchKind,
  name: row.branch.name,
  country: row.branch.country,
  email: row.branch.email,
  code: row.branch.code,
  parentName: row.branch.kind === 'agent' ? (row.parentName ?? '') : '',
  parentId: row.branch.parentId,
  accounts: row.accounts,
  createdAt: row.branch.createdAt.getTime(),
});

const countryIssue = () => new AppError(Errno.bodyInvalid, [{ path: 'body.country', message: 'validation.countryRequired' }]);

/**
 * Distributor management (administrators) and agent management (administrators, and a
 * distributor for the agents of its own branch). A branch outside the caller's answers 40404.
 */
export function createBranchService(deps: { branches: BranchRepo; audit: AuditService; transaction: Transaction }) {
  const { branches, audit, transaction } = deps;
  /** Administrators see every branch; a distributor only what lies below its own organisation. */
  const within = (session: Session) => (session.access === Access.admin ? undefined : session.organisationPath);

  /** Where a new branch goes: a distributor under the manufacturer, an agent under a distributor. */
  async function parentOf(session: Session, kind: BranchKind, parentId: number | undefined) {
    if (kind === 'distributor') {
      if (parentId !== undefined) throw new AppError(Errno.bodyInvalid, [{ path: 'body.parentId', message: 'validation.invalid' }]);
      // The manufacturer: the root of the caller's path ('/1/…').
      return Number(session.organisationPath.split('/').filter(Boolean)[0]);
    }
    if (session.access === Access.distributor) {
      const own = organisationIdOf(session);
      if (parentId !== undefined && parentId !== own) throw notFound();
      return own;
    }
    if (parentId === undefined) throw new AppError(Errno.bodyInvalid, [{ path: 'body.parentId', message: 'distributor.parentRequired' }]);
    if (!(await branches.find('distributor', undefined, parentId))) throw notFound();
    return parentId;
  }

  return {
    async list(session: Session, kind: BranchKind, filters: BranchListBody) {
      requirePermission(session, 'organisation.query');
      const { total, rows } = await branches.list(kind, within(session), filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, branches: rows.map(present) };
    },

    async create(session: Session, client: ClientInfo, kind: BranchKind, body: BranchCreateBody) {
      requirePermission(session, 'organisation.add');
      return transaction(async () => {
        if (!isCountryCode(body.country)) throw countryIssue();
        const parentId = await parentOf(session, kind, body.parentId);
        const fields = { kind, parentId, name: body.name, country: body.country, email: body.email };
        let id: number | undefined;
        let code = body.code ?? newSignUpCode();
        for (let attempt = 1; id === undefined; attempt++) {
          try {
            id = await branches.create({ ...fields, code });
          } catch (error) {
            // A generated code that happens to be taken is drawn again; a chosen one is the caller's to change.
            if (body.code || attempt >= CODE_ATTEMPTS || !(error instanceof AppError)) throw error;
            code = newSignUpCode();
          }
        }
        await audit.record(session, client, {
          action: `${kind}.create`,
          objectType: 'organisation',
          objectId: id,
          after: { ...fields, code },
        });
        return { id, code };
      });
    },

    async update(session: Session, client: ClientInfo, kind: BranchKind, body: BranchUpdateBody) {
      requirePermission(session, 'organisation.edit');
      return transaction(async () => {
        const { id, ...changes } = body;
        if (changes.country !== undefined && !isCountryCode(changes.country)) throw countryIssue();
        const before = await branches.find(kind, within(session), id);
        if (!before) throw notFound();
        await branches.update(id, changes);
        await audit.record(session, client, {
          action: `${kind}.update`,
          objectType: 'organisation',
          objectId: id,
          before: { name: before.name, country: before.country, email: before.email, code: before.code },
          after: changes,
        });
      });
    },
  };
}
export type BranchService = ReturnType<typeof createBranchService>;
