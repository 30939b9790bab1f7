import type { DeviceDetail, DeviceSummary } from '@sunstack/shared';
import type { device, deviceGrant } from '../../db/schema.ts';

type DeviceRow = typeof device.$inferSelect;

export function presentSummary(row: { device: DeviceRow; plantName: string | null; status: number }): DeviceSummary {
  const { device } = row;
  return {
    sn: device.sn,
    type: device.type,
    name: device.name,
    model: device.model,
    dataloggerSn: device.dataloggerSn,
    plantId: device.plantId,
    plantName: row.plantName ?? '',
    ratedPowerKw: device.ratedPowerKw,
    firmware: device.firmware,
    status: row.status,
    lastSeenAt: device.lastSeenAt?.getTime() ?? null,
  };
}

export function presentDetail(
  row: Parameters<typeof presentSummary>[0] & { writable: boolean; authorisable: boolean },
  inverterSn: string | null,
): DeviceDetail {
  return {
    ...presentSummary(row),
    createdAt: row.device.createdAt.getTime(),
    parallelRole: row.device.parallelRole,
    writable: row.writable,
    authorisable: row.authorisable,
    inverterSn,
  };
}

export function presentGrant(row: {
  grant: typeof deviceGrant.$inferSelect;
  type: DeviceRow['type'];
  plantName: string | null;
  integrator: string;
  grantedBy: string;
}) {
  return {
    sn: row.grant.deviceSn,
    type: row.type,
    plantName: row.plantName ?? '',
    integrator: row.integrator,
    canControl: row.grant.canControl,
    grantedBy: row.grantedBy,
    since: row.grant.createdAt.getTime(),
  };
}
