import { economicsCalls, type PlantEconomicsQueryBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** A plant's expected (typical and clear sky) against actual PV yield in a period of its calendar. */
export function usePlantPerformance(body: PlantEconomicsQueryBody) {
  return useQuery({
    queryKey: ['plant', 'performance', body],
    queryFn: ({ signal }) => request(economicsCalls.plantPerformance, body, { signal }),
    placeholderData: keepPreviousData,
  });
}
