import type { PlantCurveQueryBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface PlantCurves {
  timeZone: string;
  series: { variable: string; data: [number, number][] }[];
}

/** A plant's 5-minute power curves of one local day. */
export function usePlantCurves(body: PlantCurveQueryBody, enabled: boolean) {
  return useQuery({
    queryKey: ['plant', 'curves', body],
    queryFn: ({ signal }) => request<PlantCurves>('POST', '/c/v0/plant/curve/query', { body, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
