import { dataloggerCalls, type ModuleListBody, type ModuleSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export type DataloggerRow = ModuleSummary;

export const dataloggerListKey = ['datalogger', 'list'] as const;

export function useDataloggerList(filters: Partial<ModuleListBody>) {
  return useQuery({
    queryKey: [...dataloggerListKey, filters],
    queryFn: ({ signal }) => request(dataloggerCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
