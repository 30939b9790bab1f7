import { type AlarmExportBody, alarmCalls } from '@sunstack/shared';
import { download } from '../../../lib/http.ts';

/** The alarms of the current filters as xlsx (POST /c/v0/alarm/export); errors show as every call's do. */
export const exportAlarms = (filters: AlarmExportBody) => download(alarmCalls.export, filters, `alarms-${filters.view}.xlsx`);
