import type { PlantListBody, PlantSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface PlantPage {
  total: number;
  currentPage: number;
  pageSize: number;
  plants: PlantSummary[];
}

export const plantListKey = ['plant', 'list'] as const;

export function usePlantList(filters: Partial<PlantListBody>) {
  return useQuery({
    queryKey: [...plantListKey, filters],
    queryFn: ({ signal }) => request<PlantPage>('POST', '/c/v0/plant/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}
