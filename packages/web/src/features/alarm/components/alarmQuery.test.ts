import { alarmExportBody, alarmQueryBody, MAX_ALARM_RANGE_MS } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { alarmsOfCodePath, CLOCK_SLACK_MS, exportBody, filtersFromQuery, queryBody, queryRange, rangeProblem } from './alarmQuery.ts';

const DAY = 86_400_000;
const now = Date.UTC(2025, 2, 30, 12);

describe('alarm list queries (spec section 5: at most 15 days)', () => {
  it('ends a rolling default range now: the last 15 days of active alarms, the last 7 of cleared ones', () => {
    // Every active alarm, however long ago it was raised.
    expect(queryRange('realtime', undefined, now)).toEqual({});
    expect(queryRange('history', undefined, now)).toEqual({ begin: now + CLOCK_SLACK_MS - 7 * DAY, end: now + CLOCK_SLACK_MS });
    const chosen = { begin: now - 3 * DAY, end: now - DAY };
    expect(queryRange('realtime', chosen, now)).toBe(chosen);
  });

  it('refuses a chosen range upside down or longer than 15 days, as the server does', () => {
    expect(rangeProblem(now, now)).toBe('rangeInvalid');
    expect(rangeProblem(now, now - 1)).toBe('rangeInvalid');
    expect(rangeProblem(now - MAX_ALARM_RANGE_MS, now)).toBeUndefined();
    expect(rangeProblem(now - MAX_ALARM_RANGE_MS - 1, now)).toBe('rangeTooLong');
  });

  it('sends what the contracts accept: filters, range and page; the export without the page', () => {
    const filters = { plantId: 7, sn: 'INV-1', source: 'device' as const, severity: 'fault' as const, code: 1001 };
    const body = queryBody('history', { ...filters, currentPage: 2, pageSize: 20 }, now);
    expect(alarmQueryBody.parse(body)).toEqual({
      view: 'history',
      ...filters,
      ...queryRange('history', undefined, now),
      currentPage: 2,
      pageSize: 20,
    });
    expect(alarmQueryBody.safeParse(queryBody('realtime', { currentPage: 1, pageSize: 10 }, now)).success).toBe(true);
    const file = exportBody('realtime', { ...filters, range: { begin: now - DAY, end: now } }, now);
    expect(alarmExportBody.parse(file)).toEqual({ view: 'realtime', ...filters, begin: now - DAY, end: now });
  });

  it('opens filtered by the address: ?plantId= and ?sn=, ignoring what is not one', () => {
    expect(filtersFromQuery({ plantId: '12', sn: ' DL-9 ' })).toEqual({ plantId: 12, sn: 'DL-9' });
    expect(filtersFromQuery({ plantId: 'abc', sn: '' })).toEqual({});
    expect(filtersFromQuery({ plantId: '-3' })).toEqual({});
    // The fault record opens the alarms of a code raised in its range.
    expect(filtersFromQuery({ code: '1001', begin: String(now - DAY), end: String(now) })).toEqual({
      code: 1001,
      range: { begin: now - DAY, end: now },
    });
    expect(filtersFromQuery({ code: '10x', begin: String(now - 20 * DAY), end: String(now) })).toEqual({});
    expect(filtersFromQuery({ begin: String(now), end: String(now - DAY) })).toEqual({});
    expect(alarmsOfCodePath(1001, { begin: 1, end: 2 })).toBe('/bus/alarm?code=1001&begin=1&end=2');
  });
});
