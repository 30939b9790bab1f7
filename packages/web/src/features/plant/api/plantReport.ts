import { monitoringCalls, type PlantReportQueryBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Energy of a plant per hour of a day, day of a month, month of a year, or year. */
export function usePlantReport(body: PlantReportQueryBody, enabled: boolean) {
  return useQuery({
    queryKey: ['plant', 'report', body],
    queryFn: ({ signal }) => request(monitoringCalls.plantReport, body, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
