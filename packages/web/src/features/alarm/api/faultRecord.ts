import { type AlarmSource, type AlarmSubject, alarmCalls, type FaultRecordBody, type FaultSeverity } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';
import { type ChosenRange, lastDays } from '../components/alarmQuery.ts';

/** The fault record's range when none is chosen: the last 7 days. */
export const FAULT_RECORD_DEFAULT_DAYS = 7;

/** The fault record's filters; without a chosen range, the last 7 days ending at each call. */
export interface FaultRecordFilters {
  range?: ChosenRange;
  source?: AlarmSource;
  severity?: FaultSeverity;
  code?: number;
  subject?: AlarmSubject;
  model?: string;
}

/** What the fault record sends at this moment: its filters and its range (a rolling one ends now). */
export function faultRecordBody(filters: FaultRecordFilters, now: number): FaultRecordBody {
  const { range, ...rest } = filters;
  return { ...rest, ...(range ?? lastDays(FAULT_RECORD_DEFAULT_DAYS, now)) };
}

/**
 * Alarm counts by code, model and firmware version (POST /c/v0/alarm/faultRecord). `filters` is the
 * query key; the body is made at each fetch, so a rolling range ends at the moment of the call.
 */
export function useFaultRecord(filters: FaultRecordFilters) {
  return useQuery({
    queryKey: ['alarm', 'faultRecord', filters],
    queryFn: ({ signal }) => request(alarmCalls.faultRecord, faultRecordBody(filters, Date.now()), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same counts as xlsx, a sheet per dimension (POST /c/v0/alarm/faultRecord/export), named by the range's UTC days. */
export function exportFaultRecord(filters: FaultRecordFilters) {
  const body = faultRecordBody(filters, Date.now());
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return download(alarmCalls.faultRecordExport, body, `fault-record-${day(body.begin)}-${day(body.end)}.xlsx`);
}
