import type { MapBox, PlantStatus } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface PlantAt {
  id: number;
  name: string;
  status: PlantStatus;
  city: string;
  country: string;
}

/** The plants within a box (a cluster whose plants share one spot), a page at a time. */
export function usePlantsAt(box: MapBox | undefined, page: { currentPage: number; pageSize: number }) {
  return useQuery({
    queryKey: ['plant', 'mapPlants', box, page],
    queryFn: ({ signal }) =>
      request<{ total: number; plants: PlantAt[] }>('POST', '/c/v0/plant/mapPlants', { body: { box, ...page }, signal }),
    enabled: box !== undefined,
    placeholderData: keepPreviousData,
  });
}
