import { deviceCalls, type ParallelUpdateBody } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { parallelKey } from './parallelSystem.ts';

export function useUpdateParallelSystem(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ParallelUpdateBody, 'id'>) => request(deviceCalls.updateParallel, { id: plantId, ...body }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parallelKey(plantId) }),
  });
}
