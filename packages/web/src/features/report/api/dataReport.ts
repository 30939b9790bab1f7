import { type DataReportBody, type DataReportExportBody, reportCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

/** A page of the data report with its totals (POST /c/v0/report/data); the filters are the query key. */
export function useDataReport(body: DataReportBody) {
  return useQuery({
    queryKey: ['report', 'data', body],
    queryFn: ({ signal }) => request(reportCalls.data, body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The filters' choices in scope: branches, series and models (GET /c/v0/report/data/choices). */
export function useDataReportChoices() {
  return useQuery({
    queryKey: ['report', 'data', 'choices'],
    queryFn: ({ signal }) => request(reportCalls.dataChoices, undefined, { signal }),
    staleTime: 300_000,
  });
}

/** The whole report (no paging) with its totals row as xlsx or CSV, named by its range. */
export const exportDataReport = (body: DataReportExportBody) =>
  download(reportCalls.dataExport, body, `data-report-${body.from}-${body.to}.${body.format}`);
