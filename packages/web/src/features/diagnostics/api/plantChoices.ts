import { plantCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Plants in scope to scan, 20 by name. */
export function usePlantChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['diagnostics', 'plantChoices', search],
    queryFn: async ({ signal }) => (await request(plantCalls.list, { name: search.trim() || undefined, pageSize: 20 }, { signal })).plants,
    enabled,
    placeholderData: keepPreviousData,
  });
}
