import { deviceCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const parallelKey = (plantId: number) => ['plant', 'parallel', plantId] as const;

export function useParallelSystem(plantId: number) {
  return useQuery({
    queryKey: parallelKey(plantId),
    // Silent: the screen says when the plant does not exist (or is out of scope).
    queryFn: ({ signal }) => request(deviceCalls.parallel, { id: plantId }, { signal, silent: true }),
    enabled: Number.isInteger(plantId) && plantId > 0,
  });
}
