import { type PlantMapBody, plantMapCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Clusters of the plants in scope within the visible box, at the map's zoom. */
export function usePlantMap(view: PlantMapBody | undefined) {
  return useQuery({
    queryKey: ['plant', 'map', view],
    queryFn: ({ signal }) => request(plantMapCalls.map, view as PlantMapBody, { signal }),
    enabled: view !== undefined,
    placeholderData: keepPreviousData,
  });
}
