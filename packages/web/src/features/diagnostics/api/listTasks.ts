import { diagnosticsCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const ivTaskListKey = ['diagnostics', 'tasks'] as const;

/** A page of scan tasks, newest first; refreshed every few seconds while one is scanning. */
export function useIvTasks(page: { currentPage: number; pageSize: 10 | 20 | 50 }) {
  return useQuery({
    queryKey: [...ivTaskListKey, page],
    queryFn: ({ signal }) => request(diagnosticsCalls.listTasks, page, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.tasks.some((task) => task.counts.scanning > 0) ? 3_000 : false),
  });
}
