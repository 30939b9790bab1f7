import {
  Access,
  type DataloggerClaim,
  Errno,
  type Language,
  type PlantCreateBody,
  type PlantExportBody,
  type PlantLinkSnBody,
  type PlantListBody,
  type PlantUpdateBody,
} from '@sunstack/shared';
import type { AttemptLimiter } from '../../core/attempts.ts';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import { changeable } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, type Issue, notFound } from '../../http/errors.ts';
import { EXPORT_MAX_ROWS, type Sheet, utcText } from '../../http/xlsx.ts';
import type { AuditService } from '../audit/service.ts';
import { checkCodeGuessLimits, type DataloggerLabels } from '../datalogger/checkCode.ts';
import { PLANT_LABELS } from './labels.ts';
import type { NamedAccountLookup } from './namedAccount.ts';
import { presentDetail, presentSummary } from './present.ts';
import type { PlantRepo } from './repo.ts';

/** More deletions than this within the window need `confirm: true` (spec section 8, "too frequent site deletion"). */
export const DELETIONS_BEFORE_CONFIRM = 3;
export const DELETION_WINDOW_MS = 10 * 60_000;

export function createPlantService(deps: {
  plants: PlantRepo;
  audit: AuditService;
  transaction: Transaction;
  /** Binding a datalogger takes the check code of its label. */
  labels: DataloggerLabels;
  attempts: AttemptLimiter;
  /** Owners and shares are named by user name. */
  namedAccount: NamedAccountLookup;
  now: () => number;
}) {
  const { plants, audit, transaction, labels, attempts, namedAccount, now } = deps;

  /**
   * Every SN once, each with its label's check code, each a registered datalogger that no plant
   * holds (spec sections 5 and 8). The codes are judged first, and a call with a wrong one counts
   * as a guess (checkCodeGuessLimits): an SN alone claims nothing, and whether it is registered or
   * bound is told only to whoever holds its label.
   */
  async function checkDataloggers(session: Session, client: ClientInfo, claims: DataloggerClaim[]) {
    const sns = claims.map((claim) => claim.sn);
    if (new Set(sns).size !== sns.length) throw new AppError(Errno.snDuplicate);
    const attempt = await attempts.take(checkCodeGuessLimits(session.accountId, client.ip));
    if (!attempt) throw new AppError(Errno.tooFrequent);
    const wrong: Issue[] = [];
    for (const [index, claim] of claims.entries()) {
      if (!(await labels.matches(claim.sn, claim.checkCode))) {
        wrong.push({ path: `body.dataloggers.${index}.checkCode`, message: 'validation.checkCodeWrong' });
      }
    }
    if (wrong.length > 0) throw new AppError(Errno.checkCodeWrong, wrong);
    await attempt.giveBack();
    const states = await plants.dataloggerStates(sns);
    if (states.length !== sns.length) throw new AppError(Errno.snInvalid);
    if (states.some((state) => state.plantId !== null)) throw new AppError(Errno.snExists);
    return sns;
  }

  /** A plant the caller may change (core/scope.ts: changeable). */
  const writablePlant = async (session: Session, id: number) => changeable(await plants.findVisible(session, id));

  return {
    async list(session: Session, filters: PlantListBody) {
      const { total, rows } = await plants.list(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, plants: rows.map(presentSummary) };
    },

    /** The plants in scope that match the list's filters, as the columns and rows of an export in the caller's language. */
    async export(session: Session, filters: PlantExportBody, language: Language): Promise<Sheet> {
      const labels = PLANT_LABELS[language];
      const rows = (await plants.all(session, filters, EXPORT_MAX_ROWS)).map(presentSummary).map((plant) => ({
        id: plant.id,
        name: plant.name,
        type: labels.types[plant.type],
        status: labels.statuses[plant.status],
        country: plant.country,
        city: plant.city,
        timeZone: plant.timeZone,
        systemSizeKw: plant.systemSizeKw,
        installer: plant.installer,
        owner: plant.owner,
        dataloggers: plant.dataloggers,
        createdAt: utcText(plant.createdAt),
      }));
      const wide = new Set(['name', 'timeZone', 'createdAt', 'installer', 'owner']);
      const columns = Object.entries(labels.columns).map(([key, header]) => ({ key, header, width: wide.has(key) ? 22 : 14 }));
      return { title: labels.sheet, columns, rows };
    },

    async detail(session: Session, id: number) {
      const row = await plants.findVisible(session, id);
      if (!row) throw notFound();
      return presentDetail(row, await plants.dataloggerSns(id));
    },

    async create(session: Session, client: ClientInfo, body: PlantCreateBody) {
      const { dataloggers, owner, ...fields } = body;
      // Outside the transaction: a wrong check code must stay counted when the call fails.
      const sns = await checkDataloggers(session, client, dataloggers);
      const ownerId = owner ? await namedAccount(session, client, owner, Access.endUser) : undefined;
      if (owner && ownerId === undefined) throw new AppError(Errno.ownerUnknown);
      return transaction(async () => {
        const id = await plants.create(
          {
            ...fields,
            organisationId: organisationIdOf(session),
            installerId: session.access === Access.installer ? session.accountId : null,
            ownerId: ownerId ?? null,
            createdBy: session.accountId,
          },
          sns,
        );
        // The SNs, never the codes: the log is not where labels are read.
        await audit.record(session, client, {
          action: 'plant.create',
          objectType: 'plant',
          objectId: id,
          after: { ...body, dataloggers: sns },
        });
        return { id };
      });
    },

    async update(session: Session, client: ClientInfo, body: PlantUpdateBody) {
      requirePermission(session, 'site.edit');
      const { id, ...changes } = body;
      return transaction(async () => {
        const before = await writablePlant(session, id);
        if (!(await plants.update(session, id, changes))) throw notFound();
        await audit.record(session, client, {
          action: 'plant.update',
          objectType: 'plant',
          objectId: id,
          before: before.plant,
          after: changes,
        });
      });
    },

    /** Link SN: the owner replaces or adds a datalogger, or an administrator does (spec /bus/plant/linkSn). */
    async linkSn(session: Session, client: ClientInfo, body: PlantLinkSnBody) {
      requirePermission(session, 'site.edit');
      await writablePlant(session, body.id);
      const sns = await checkDataloggers(session, client, body.dataloggers);
      return transaction(async () => {
        await plants.bindDataloggers(session, body.id, sns);
        await audit.record(session, client, {
          action: 'plant.linkSn',
          objectType: 'plant',
          objectId: body.id,
          after: { dataloggers: sns },
        });
      });
    },

    /** Shares read-only with an end user, or grants an installer (branch managers and administrators only). */
    async share(session: Session, client: ClientInfo, id: number, username: string, role: 'viewer' | 'installer') {
      // The plant first: a name is looked up only for a caller who may share this plant.
      await writablePlant(session, id);
      if (role === 'installer' && ![Access.admin, Access.distributor, Access.agent].includes(session.access as 255)) {
        throw new AppError(Errno.noPermission);
      }
      const accountId = await namedAccount(session, client, username, role === 'installer' ? Access.installer : Access.endUser);
      return transaction(async () => {
        const plant = await writablePlant(session, id);
        if (accountId === undefined || accountId === plant.plant.ownerId) throw new AppError(Errno.targetUnknown);
        await plants.addMember({ plantId: id, accountId, role, grantedBy: session.accountId });
        await audit.record(session, client, { action: 'plant.share', objectType: 'plant', objectId: id, after: { user: username, role } });
      });
    },

    async unshare(session: Session, client: ClientInfo, id: number, username: string) {
      return transaction(async () => {
        await writablePlant(session, id);
        const accountId = await plants.accountId(username, Access.endUser, Access.installer);
        if (accountId === undefined || !(await plants.removeMember(id, accountId))) throw new AppError(Errno.targetUnknown);
        await audit.record(session, client, { action: 'plant.unshare', objectType: 'plant', objectId: id, before: { user: username } });
      });
    },

    async members(session: Session, id: number) {
      if (!(await plants.findVisible(session, id))) throw notFound();
      const members = await plants.members(id);
      return { members: members.map((m) => ({ user: m.user, role: m.role, since: m.since.getTime() })) };
    },

    async delete(session: Session, client: ClientInfo, id: number, confirm: boolean) {
      requirePermission(session, 'site.delete');
      return transaction(async () => {
        const before = await writablePlant(session, id);
        const recent = await plants.deletionsSince(session.accountId, new Date(now() - DELETION_WINDOW_MS));
        if (recent >= DELETIONS_BEFORE_CONFIRM && !confirm) throw new AppError(Errno.plantDeleteTooFrequent);
        if (!(await plants.softDelete(session, id))) throw notFound();
        await audit.record(session, client, { action: 'plant.delete', objectType: 'plant', objectId: id, before: before.plant });
      });
    },
  };
}
export type PlantService = ReturnType<typeof createPlantService>;
