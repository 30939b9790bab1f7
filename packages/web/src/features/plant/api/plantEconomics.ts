import { economicsCalls, type PlantEconomicsQueryBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** A plant's export revenue, savings, self-consumption and autarky in a period of its calendar. */
export function usePlantEconomics(body: PlantEconomicsQueryBody) {
  return useQuery({
    queryKey: ['plant', 'economics', body],
    queryFn: ({ signal }) => request(economicsCalls.plantEconomics, body, { signal }),
    placeholderData: keepPreviousData,
  });
}
