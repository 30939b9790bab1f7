import {
  Access,
  type DeviceGrantBody,
  type DeviceGrantListBody,
  type DeviceListBody,
  Errno,
  type ParallelUpdateBody,
  type PileUpdateBody,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import { changeable } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { NamedAccountLookup } from '../plant/namedAccount.ts';
import type { PlantRepo } from '../plant/repo.ts';
import { presentDetail, presentGrant, presentSummary } from './present.ts';
import type { DeviceRepo } from './repo.ts';

export function createDeviceService(deps: {
  devices: DeviceRepo;
  plants: PlantRepo;
  /** Integrators are named by user name. */
  namedAccount: NamedAccountLookup;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { devices, plants, namedAccount, audit, transaction } = deps;

  /** The devices, each one the caller may authorise: all of them or none (40404 when one is not seen, 40300 when one is not the caller's to decide). */
  async function authorisable(session: Session, sns: string[]) {
    const found = await devices.authorisation(session, sns);
    if (found.length !== sns.length) throw notFound();
    if (found.some((row) => !row.authorisable)) throw new AppError(Errno.noPermission);
  }

  /** A plant the caller may change (core/scope.ts: changeable). */
  const writablePlant = async (session: Session, id: number) => changeable(await plants.findVisible(session, id));

  return {
    async list(session: Session, filters: DeviceListBody) {
      if (filters.uncreated) requirePermission(session, 'device.viewUncreated');
      const { total, rows } = await devices.list(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, devices: rows.map(presentSummary) };
    },

    async detail(session: Session, sn: string) {
      const row = await devices.findVisible(session, sn);
      if (!row) throw notFound();
      const inverterSn = row.device.type === 'battery' ? await devices.batteryInverter(session, row.device.dataloggerSn) : null;
      return presentDetail(row, inverterSn);
    },

    /**
     * An administrator, or the owner of the devices' plants, authorises an integrator to read (and
     * optionally control) the chosen devices: all of them or, when one is not theirs to decide, none.
     */
    async grant(session: Session, client: ClientInfo, body: DeviceGrantBody) {
      const sns = [...new Set(body.sns)];
      // The devices first: a name is looked up only for a caller who may authorise them.
      await authorisable(session, sns);
      const integrator = await namedAccount(session, client, body.integrator, Access.integrator);
      if (integrator === undefined) throw new AppError(Errno.targetUnknown);
      return transaction(async () => {
        await authorisable(session, sns);
        await devices.grant(
          sns.map((sn) => ({ deviceSn: sn, integratorId: integrator, canControl: body.control, grantedBy: session.accountId })),
        );
        for (const sn of sns) {
          await audit.record(session, client, {
            action: 'device.grant',
            objectType: 'device',
            objectId: sn,
            after: { integrator: body.integrator, canControl: body.control },
          });
        }
      });
    },

    async revoke(session: Session, client: ClientInfo, sn: string, integrator: string) {
      return transaction(async () => {
        await authorisable(session, [sn]);
        // An unknown name and an integrator without this authorisation answer alike: nothing to count.
        const integratorId = await plants.accountId(integrator, Access.integrator);
        if (integratorId === undefined || !(await devices.revoke(sn, integratorId))) throw new AppError(Errno.targetUnknown);
        await audit.record(session, client, { action: 'device.revoke', objectType: 'device', objectId: sn, before: { integrator } });
      });
    },

    async grants(session: Session, filters: DeviceGrantListBody) {
      const { total, rows } = await devices.grants(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, grants: rows.map(presentGrant) };
    },

    /** The end user names its EV charger and says which of the plant's dataloggers it hangs on (spec /bus/pile/edit). */
    async updatePile(session: Session, client: ClientInfo, body: PileUpdateBody) {
      requirePermission(session, 'site.edit');
      return transaction(async () => {
        const found = await devices.findVisible(session, body.sn);
        const before = changeable(found?.device.type === 'evCharger' ? found : undefined);
        const changes = { name: body.name, dataloggerSn: body.dataloggerSn };
        if (!(await devices.updatePile(session, body.sn, changes))) throw new AppError(Errno.pileNoDatalogger);
        await audit.record(session, client, {
          action: 'device.pileUpdate',
          objectType: 'device',
          objectId: body.sn,
          before: { name: before.device.name, dataloggerSn: before.device.dataloggerSn },
          after: changes,
        });
      });
    },

    async parallel(session: Session, plantId: number) {
      const plant = await plants.findVisible(session, plantId);
      if (!plant) throw notFound();
      const rows = await devices.inverters(plantId);
      return {
        plantId,
        writable: plant.writable,
        inverters: rows.map(({ device, status }) => ({
          sn: device.sn,
          name: device.name,
          model: device.model,
          ratedPowerKw: device.ratedPowerKw,
          status,
          lastSeenAt: device.lastSeenAt?.getTime() ?? null,
          role: device.parallelRole,
        })),
      };
    },

    /** Marks the plant's master inverter and its slaves (spec /bus/plant/parallelSystem), or dissolves the system. */
    async setParallel(session: Session, client: ClientInfo, body: ParallelUpdateBody) {
      requirePermission(session, 'site.edit');
      return transaction(async () => {
        await writablePlant(session, body.id);
        const before = await devices.inverters(body.id);
        await devices.setParallel(body.id, body.master, body.slaves);
        const roles = (rows: typeof before) => {
          const member = rows.filter((row) => row.device.parallelRole !== null);
          return {
            master: member.find((row) => row.device.parallelRole === 'master')?.device.sn ?? null,
            slaves: member.filter((row) => row.device.parallelRole === 'slave').map((row) => row.device.sn),
          };
        };
        await audit.record(session, client, {
          action: 'plant.parallel',
          objectType: 'plant',
          objectId: body.id,
          before: roles(before),
          after: { master: body.master, slaves: body.slaves },
        });
      });
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
