import { type MapBox, type PlantMapPlantsBody, plantMapCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** The plants within a box (a cluster whose plants share one spot), a page at a time. */
export function usePlantsAt(box: MapBox | undefined, page: { currentPage: number; pageSize: number }) {
  return useQuery({
    queryKey: ['plant', 'mapPlants', box, page],
    // Enabled only with a box; the pager offers only the page sizes the call takes.
    queryFn: ({ signal }) =>
      request(
        plantMapCalls.mapPlants,
        { box: box as MapBox, currentPage: page.currentPage, pageSize: page.pageSize as PlantMapPlantsBody['pageSize'] },
        { signal },
      ),
    enabled: box !== undefined,
    placeholderData: keepPreviousData,
  });
}
