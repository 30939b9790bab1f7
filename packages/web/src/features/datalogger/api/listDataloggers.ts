import type { ModuleListBody, ModuleSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export type DataloggerRow = ModuleSummary;

export const dataloggerListKey = ['datalogger', 'list'] as const;

export function useDataloggerList(filters: Partial<ModuleListBody>) {
  return useQuery({
    queryKey: [...dataloggerListKey, filters],
    queryFn: ({ signal }) =>
      request<{ total: number; currentPage: number; pageSize: number; dataloggers: DataloggerRow[] }>('POST', '/c/v0/module/list', {
        body: filters,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
