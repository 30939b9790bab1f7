import { plantMapCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** The base map's tile server (MAP_TILE_URL on the server), or none: then only the bundled outlines show. */
export function useMapConfig() {
  return useQuery({
    queryKey: ['plant', 'mapConfig'],
    queryFn: ({ signal }) => request(plantMapCalls.mapConfig, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
