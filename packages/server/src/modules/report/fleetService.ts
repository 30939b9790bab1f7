import { DEVOPS_LISTS, type DevopsResult, type TrendDimension, type TrendResult } from '@sunstack/shared';
import type { Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import type { FleetRepo } from './fleetRepo.ts';

/** Groups a trend shows: the largest by plants (devices for series and model); the rest is left out. */
const TREND_GROUPS = 10;

/** The first days of the months from `from` to `to` (both '…-01'), and each one's a year before. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  const [y, m] = from.split('-').map(Number) as [number, number];
  for (let i = 0; ; i += 1) {
    const date = new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 10);
    if (date > to) return months;
    months.push(date);
  }
}
const yearBefore = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;

export function createFleetService(deps: { fleet: FleetRepo; now: () => number }) {
  const { fleet, now } = deps;
  return {
    /** New plants, devices and kWp per month and group, each with the same month a year before (growth). */
    async trend(scope: Session, body: { from: string; to: string; by: TrendDimension }): Promise<TrendResult> {
      requirePermission(scope, 'trend.view');
      const { plants, devices } = await fleet.trend(scope, body.by, body.from, body.to);
      const figures = new Map<string, { plants: number; devices: number; kwp: number }>();
      const cell = (key: string, month: string) => {
        const id = `${key}\n${month}`;
        const found = figures.get(id) ?? { plants: 0, devices: 0, kwp: 0 };
        figures.set(id, found);
        return found;
      };
      const size = new Map<string, number>();
      for (const row of plants) {
        Object.assign(cell(row.key, row.month), { plants: Number(row.plants), kwp: Math.round(Number(row.kwp) * 100) / 100 });
        if (row.month >= body.from) size.set(row.key, (size.get(row.key) ?? 0) + Number(row.plants));
      }
      for (const row of devices) {
        cell(row.key, row.month).devices = Number(row.devices);
        if (row.month >= body.from && (body.by === 'series' || body.by === 'model'))
          size.set(row.key, (size.get(row.key) ?? 0) + Number(row.devices));
      }
      const months = monthsBetween(body.from, body.to);
      const keys = [...size]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, TREND_GROUPS)
        .map(([key]) => key);
      const empty = { plants: 0, devices: 0, kwp: 0 };
      return {
        months,
        groups: keys.map((key) => ({
          key,
          months: months.map((month) => ({
            ...(figures.get(`${key}\n${month}`) ?? empty),
            lastYear: figures.get(`${key}\n${yearBefore(month)}`) ?? empty,
          })),
        })),
      };
    },

    /** The devops lists, each entry a device (or datalogger) to open, and the firmware versions in the field. */
    async devops(): Promise<DevopsResult> {
      const { rows, firmware } = await fleet.devops(now());
      return {
        lists: DEVOPS_LISTS.map((list) => {
          const of = rows.filter((row) => row.list === list);
          return {
            list,
            total: Number(of[0]?.total ?? 0),
            rows: of.map((row) => ({
              sn: row.sn,
              type: row.type,
              model: row.model,
              plantId: row.plant_id === null ? null : Number(row.plant_id),
              plantName: row.plant_name,
              value: row.value === null ? null : Number(row.value),
              detail: row.detail ?? '',
            })),
          };
        }),
        firmware: firmware.map((row) => ({ ...row, devices: Number(row.devices) })),
      };
    },
  };
}
export type FleetService = ReturnType<typeof createFleetService>;
