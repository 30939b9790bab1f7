import { plantCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const plantDetailKey = (id: number) => ['plant', 'detail', id] as const;

export function usePlantDetail(id: number) {
  return useQuery({
    queryKey: plantDetailKey(id),
    // Silent: the screen itself says when the plant does not exist (or is out of scope).
    queryFn: ({ signal }) => request(plantCalls.detail, { id }, { signal, silent: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
