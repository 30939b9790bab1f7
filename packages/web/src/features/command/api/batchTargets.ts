import { groupCalls, plantCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Plants in scope a batch may be sent to, 20 by name (POST /c/v0/plant/list). */
export function usePlantSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['batch', 'plants', search],
    queryFn: async ({ signal }) =>
      (await request(plantCalls.list, { name: search.trim() || undefined, pageSize: 20 }, { signal })).plants.map(({ id, name }) => ({
        id,
        name,
      })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Groups of group management (administrators), 20 by name. */
export function useGroupSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['batch', 'groups', search],
    queryFn: async ({ signal }) => (await request(groupCalls.list, { name: search.trim() || undefined, pageSize: 20 }, { signal })).groups,
    enabled,
    placeholderData: keepPreviousData,
  });
}
