import { Access, Errno, type PlantCreateBody, type PlantListBody, type PlantUpdateBody } from '@sunstack/shared';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { organisationIdOf, requirePermission } from '../scope/permissions.ts';
import type { ClientInfo, Session } from '../session/service.ts';
import { presentDetail, presentSummary } from './present.ts';
import type { PlantRepo } from './repo.ts';

/** More deletions than this within the window need `confirm: true` (spec section 8, "too frequent site deletion"). */
export const DELETIONS_BEFORE_CONFIRM = 3;
export const DELETION_WINDOW_MS = 10 * 60_000;

export function createPlantService(deps: { plants: PlantRepo; audit: AuditService; now: () => number }) {
  const { plants, audit, now } = deps;

  /** Every SN once, each a registered datalogger that no plant holds (spec sections 5 and 8). */
  async function checkDataloggers(sns: string[]) {
    if (new Set(sns).size !== sns.length) throw new AppError(Errno.snDuplicate);
    const states = await plants.dataloggerStates(sns);
    if (states.length !== sns.length) throw new AppError(Errno.snInvalid);
    if (states.some((state) => state.plantId !== null)) throw new AppError(Errno.snExists);
  }

  return {
    async list(session: Session, filters: PlantListBody) {
      const { total, rows } = await plants.list(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, plants: rows.map(presentSummary) };
    },

    async detail(session: Session, id: number) {
      const row = await plants.findVisible(session, id);
      if (!row) throw notFound();
      return presentDetail(row, await plants.dataloggerSns(id));
    },

    async create(session: Session, client: ClientInfo, body: PlantCreateBody) {
      const { dataloggers, owner, ...fields } = body;
      await checkDataloggers(dataloggers);
      const ownerId = owner ? await plants.endUserId(owner) : undefined;
      if (owner && ownerId === undefined) throw new AppError(Errno.ownerUnknown);
      const id = await plants.create(
        {
          ...fields,
          organisationId: organisationIdOf(session),
          installerId: session.access === Access.installer ? session.accountId : null,
          ownerId: ownerId ?? null,
          createdBy: session.accountId,
        },
        dataloggers,
      );
      await audit.record(session, client, { action: 'plant.create', objectType: 'plant', objectId: id, after: body });
      return { id };
    },

    async update(session: Session, client: ClientInfo, body: PlantUpdateBody) {
      requirePermission(session, 'site.edit');
      const { id, ...changes } = body;
      const before = await plants.findVisible(session, id);
      if (!before) throw notFound();
      if (!before.writable) throw new AppError(Errno.noPermission);
      if (!(await plants.update(session, id, changes))) throw notFound();
      await audit.record(session, client, {
        action: 'plant.update',
        objectType: 'plant',
        objectId: id,
        before: before.plant,
        after: changes,
      });
    },

    async delete(session: Session, client: ClientInfo, id: number, confirm: boolean) {
      requirePermission(session, 'site.delete');
      const before = await plants.findVisible(session, id);
      if (!before) throw notFound();
      if (!before.writable) throw new AppError(Errno.noPermission);
      const recent = await plants.deletionsSince(session.accountId, new Date(now() - DELETION_WINDOW_MS));
      if (recent >= DELETIONS_BEFORE_CONFIRM && !confirm) throw new AppError(Errno.plantDeleteTooFrequent);
      if (!(await plants.softDelete(session, id))) throw notFound();
      await audit.record(session, client, { action: 'plant.delete', objectType: 'plant', objectId: id, before: before.plant });
    },
  };
}
export type PlantService = ReturnType<typeof createPlantService>;
