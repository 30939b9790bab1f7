import type { OperationLogBody, OperationLogEntry, OperationLogExportBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

export function useOperationLog(filters: Partial<OperationLogBody>) {
  return useQuery({
    queryKey: ['log', 'operation', filters],
    queryFn: ({ signal }) =>
      request<{ total: number; entries: OperationLogEntry[] }>('POST', '/c/v0/log/operation/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportOperationLog = (filters: OperationLogExportBody) =>
  download('/c/v0/log/operation/export', filters, 'operation-log.xlsx');
