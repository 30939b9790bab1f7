import { type CallResult, type PlantListBody, plantCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export type PlantPage = CallResult<typeof plantCalls.list>;

export const plantListKey = ['plant', 'list'] as const;

export function usePlantList(filters: Partial<PlantListBody>) {
  return useQuery({
    queryKey: [...plantListKey, filters],
    queryFn: ({ signal }) => request(plantCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
