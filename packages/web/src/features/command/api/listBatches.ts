import { type BatchListBody, batchCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const batchListKey = ['batch', 'list'] as const;

/** A page of the branch's batches with their counts, newest first. */
export function useBatchList(filters: BatchListBody) {
  return useQuery({
    queryKey: [...batchListKey, filters],
    queryFn: ({ signal }) => request(batchCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
