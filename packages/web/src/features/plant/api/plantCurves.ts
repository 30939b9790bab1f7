import { monitoringCalls, type PlantCurveQueryBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** A plant's 5-minute power curves of one local day. */
export function usePlantCurves(body: PlantCurveQueryBody, enabled: boolean) {
  return useQuery({
    queryKey: ['plant', 'curves', body],
    queryFn: ({ signal }) => request(monitoringCalls.plantCurves, body, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
