import { type BatchCreateBody, batchCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { batchListKey } from './listBatches.ts';

/** Sends a template or settings to a device, a group or plants as one batch. */
export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchCreateBody) => request(batchCalls.create, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchListKey }),
  });
}
