import { economicsCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** A plant's expected production, load and battery SoC for its today and tomorrow. */
export function usePlantForecast(id: number) {
  return useQuery({
    queryKey: ['plant', 'forecast', id],
    queryFn: ({ signal }) => request(economicsCalls.plantForecast, { id }, { signal }),
  });
}
