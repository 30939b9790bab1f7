import type { AlarmQueryResult, AlarmSummary } from '@sunstack/shared';

export const MINUTE = 60_000;

/** An active device alarm (grid overvoltage) of inverter INV-<id> at Freiburg, raised `id` minutes ago; `fields` change any of it. */
export const alarmSummary = (id: number, fields: Partial<AlarmSummary> = {}): AlarmSummary => ({
  id,
  source: 'device',
  code: 1001,
  severity: 'fault',
  subject: 'inverter',
  sn: `INV-${id}`,
  dataloggerSn: '100000000000001',
  plantId: 3,
  plantName: 'Freiburg',
  timeZone: 'Europe/Berlin',
  raisedAt: Date.now() - id * MINUTE,
  lastRaisedAt: Date.now() - id * MINUTE,
  clearedAt: null,
  occurrences: 1,
  acknowledgement: null,
  ...fields,
});

/** POST /c/v0/alarm/query as the server answers it over `alarms`: the list's alarms (active or cleared), newest raised first, one page. */
export function alarmQueryAnswer(alarms: AlarmSummary[], body: Record<string, unknown>): AlarmQueryResult {
  const shown = alarms
    .filter((alarm) => (body.view === 'realtime' ? alarm.clearedAt === null : alarm.clearedAt !== null))
    .sort((a, b) => b.raisedAt - a.raisedAt);
  const currentPage = Number(body.currentPage);
  const pageSize = Number(body.pageSize);
  return {
    total: shown.length,
    totalCapped: false,
    currentPage,
    pageSize,
    alarms: shown.slice((currentPage - 1) * pageSize, currentPage * pageSize),
  };
}
