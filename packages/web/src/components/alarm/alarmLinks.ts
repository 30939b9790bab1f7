import { type AlarmSummary, MAX_HISTORY_DAYS, routeByName } from '@sunstack/shared';

const HOUR_MS = 3_600_000;

/**
 * The screen that shows an alarm's device, among those the account reaches (`menus`): the
 * integrator's device detail, the battery view for a battery, else the console's device detail
 * (`/bus/device/inverterDetail`, the detail of every kind, as the device list opens it). A
 * datalogger has no screen of its own: undefined.
 */
export function deviceScreenPath(alarm: Pick<AlarmSummary, 'subject'>, menus: readonly string[]): string | undefined {
  if (alarm.subject === 'datalogger') return undefined;
  if (menus.includes('integrator-inverter-detail')) return routeByName('integrator-inverter-detail').path;
  if (alarm.subject === 'battery' && menus.includes('device-battery')) return routeByName('device-battery').path;
  if (menus.includes('inverter-detail')) return routeByName('inverter-detail').path;
  return undefined;
}

/** The address of an alarm's device screen, or undefined when it has none. */
export function deviceLink(alarm: Pick<AlarmSummary, 'subject' | 'sn'>, menus: readonly string[]): string | undefined {
  const path = deviceScreenPath(alarm, menus);
  return path && `${path}?sn=${encodeURIComponent(alarm.sn)}`;
}

/**
 * The history range around an alarm: an hour before it was raised to an hour after it cleared, or
 * until now while it is active; never past now, and never longer than a device history may be.
 */
export function rangeAround(alarm: Pick<AlarmSummary, 'raisedAt' | 'clearedAt'>, now: number): { from: number; to: number } {
  const to = Math.min(alarm.clearedAt === null ? now : alarm.clearedAt + HOUR_MS, now);
  const from = Math.max(alarm.raisedAt - HOUR_MS, to - MAX_HISTORY_DAYS * 86_400_000);
  return { from: Math.min(from, to - HOUR_MS), to };
}

/** The device screen with its history set to the time around the alarm (`from`, `to` in ms), or undefined. */
export function dataAroundLink(
  alarm: Pick<AlarmSummary, 'subject' | 'sn' | 'raisedAt' | 'clearedAt'>,
  menus: readonly string[],
  now: number,
): string | undefined {
  const link = deviceLink(alarm, menus);
  if (!link) return undefined;
  const { from, to } = rangeAround(alarm, now);
  return `${link}&from=${from}&to=${to}`;
}
