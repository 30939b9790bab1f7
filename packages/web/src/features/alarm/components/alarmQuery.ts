import {
  type AlarmExportBody,
  type AlarmQueryBody,
  type AlarmSource,
  type AlarmView,
  type FaultSeverity,
  MAX_ALARM_RANGE_MS,
  routeByName,
} from '@sunstack/shared';

const DAY_MS = 86_400_000;

/** The default range of each list when none is chosen: every active alarm, the last 7 days of cleared ones. */
export const DEFAULT_RANGE_DAYS: Record<AlarmView, number | undefined> = { realtime: undefined, history: 7 };

/**
 * A device's clock may run a little ahead of the browser's: a rolling range ends this far after
 * now, so an alarm raised "just now" by such a device is not left out.
 */
export const CLOCK_SLACK_MS = 60_000;

/** A raised-at range chosen in the picker, in UTC ms. */
export type ChosenRange = { begin: number; end: number };

/** The filters both lists share (plant, SN, kind, severity, code) and each list's own range (none: its rolling default). */
export interface AlarmFilters {
  plantId?: number;
  sn?: string;
  source?: AlarmSource;
  severity?: FaultSeverity;
  code?: number;
  range?: ChosenRange;
}

/** A rolling range: the last `days` days, ending now. */
export function lastDays(days: number, now: number): ChosenRange {
  const end = now + CLOCK_SLACK_MS;
  return { begin: end - days * DAY_MS, end };
}

/** The raised-at range a query sends: the chosen one, or the view's default ending now (none: every active alarm). */
export function queryRange(view: AlarmView, chosen: ChosenRange | undefined, now: number): Partial<ChosenRange> {
  if (chosen) return chosen;
  const days = DEFAULT_RANGE_DAYS[view];
  return days === undefined ? {} : lastDays(days, now);
}

/** Why a chosen range cannot be queried (spec section 5: at most 15 days), or undefined when it can. */
export function rangeProblem(begin: number, end: number): 'rangeInvalid' | 'rangeTooLong' | undefined {
  if (end <= begin) return 'rangeInvalid';
  if (end - begin > MAX_ALARM_RANGE_MS) return 'rangeTooLong';
  return undefined;
}

/** What the export sends: the list's filters and range at this moment, without paging. */
export function exportBody(view: AlarmView, filters: AlarmFilters, now: number): AlarmExportBody {
  const { range, plantId, sn, source, severity, code } = filters;
  return { view, plantId, sn, source, severity, code, ...queryRange(view, range, now) };
}

/** What a list's query sends at this moment: its filters, its range (a rolling one ends now) and its page. */
export function queryBody(
  view: AlarmView,
  query: AlarmFilters & { currentPage: number; pageSize: 10 | 20 | 50 },
  now: number,
): AlarmQueryBody {
  return { ...exportBody(view, query, now), currentPage: query.currentPage, pageSize: query.pageSize };
}

/** A whole number of the address, or undefined. */
const wholeNumber = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);

/**
 * The filters the screen was opened with: `?plantId=` (a plant's alarms), `?sn=` (a device's),
 * `?code=` and `?begin=&end=` in ms (the fault record's alarms of a code); a range that cannot be
 * queried is left out.
 */
export function filtersFromQuery(query: Record<string, string>): AlarmFilters {
  const plantId = wholeNumber(query.plantId);
  const sn = query.sn?.trim();
  const code = wholeNumber(query.code);
  const [begin, end] = [wholeNumber(query.begin), wholeNumber(query.end)];
  const range = begin !== undefined && end !== undefined && !rangeProblem(begin, end) ? { begin, end } : undefined;
  return {
    ...(plantId !== undefined && Number.isSafeInteger(plantId) && plantId > 0 ? { plantId } : {}),
    ...(sn ? { sn } : {}),
    ...(code !== undefined && Number.isSafeInteger(code) ? { code } : {}),
    ...(range ? { range } : {}),
  };
}

/** The alarm screen's address for the alarms of a code raised in a range (both lists open filtered so). */
export const alarmsOfCodePath = (code: number, range: ChosenRange) =>
  `${routeByName('alarm').path}?code=${code}&begin=${range.begin}&end=${range.end}`;
