import { type AccountLogBody, type AccountLogExportBody, auditCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

export function useAccountLog(filters: Partial<AccountLogBody>) {
  return useQuery({
    queryKey: ['log', 'account', filters],
    queryFn: ({ signal }) => request(auditCalls.accountList, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportAccountLog = (filters: AccountLogExportBody) => download(auditCalls.accountExport, filters, 'account-log.xlsx');
