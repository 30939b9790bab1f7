import { Access, type DeviceListBody, Errno } from '@sunstack/shared';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { PlantRepo } from '../plant/repo.ts';
import type { ClientInfo, Session } from '../session/service.ts';
import type { DeviceRepo } from './repo.ts';

export function createDeviceService(deps: { devices: DeviceRepo; plants: PlantRepo; audit: AuditService }) {
  const { devices, plants, audit } = deps;

  /** An administrator, or the owner of the device's plant, decides which integrators see a device. */
  async function authorisable(session: Session, sn: string, integrator: string) {
    const found = await devices.findVisible(session, sn);
    if (!found) throw notFound();
    if (session.access !== Access.admin && found.ownerId !== session.accountId) throw new AppError(Errno.noPermission);
    const integratorId = await plants.accountId(integrator, Access.integrator);
    if (integratorId === undefined) throw new AppError(Errno.targetUnknown);
    return integratorId;
  }

  return {
    async list(session: Session, filters: DeviceListBody) {
      const { total, rows } = await devices.list(session, filters);
      return {
        total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        devices: rows.map(({ device, plantName }) => ({
          sn: device.sn,
          type: device.type,
          model: device.model,
          dataloggerSn: device.dataloggerSn,
          plantId: device.plantId,
          plantName: plantName ?? '',
          ratedPowerKw: device.ratedPowerKw,
          firmware: device.firmware,
          lastSeenAt: device.lastSeenAt?.getTime() ?? null,
        })),
      };
    },

    async grant(session: Session, client: ClientInfo, sn: string, integrator: string, canControl: boolean) {
      const integratorId = await authorisable(session, sn, integrator);
      await devices.grant({ deviceSn: sn, integratorId, canControl, grantedBy: session.accountId });
      await audit.record(session, client, {
        action: 'device.grant',
        objectType: 'device',
        objectId: sn,
        after: { integrator, canControl },
      });
    },

    async revoke(session: Session, client: ClientInfo, sn: string, integrator: string) {
      const integratorId = await authorisable(session, sn, integrator);
      if (!(await devices.revoke(sn, integratorId))) throw new AppError(Errno.targetUnknown);
      await audit.record(session, client, { action: 'device.revoke', objectType: 'device', objectId: sn, before: { integrator } });
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
