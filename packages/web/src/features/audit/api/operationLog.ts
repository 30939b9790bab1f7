import { auditCalls, type OperationLogBody, type OperationLogExportBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

export function useOperationLog(filters: Partial<OperationLogBody>) {
  return useQuery({
    queryKey: ['log', 'operation', filters],
    queryFn: ({ signal }) => request(auditCalls.operationList, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportOperationLog = (filters: OperationLogExportBody) => download(auditCalls.operationExport, filters, 'operation-log.xlsx');
