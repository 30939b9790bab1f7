import type { AccountLogBody, AccountLogEntry, AccountLogExportBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

export function useAccountLog(filters: Partial<AccountLogBody>) {
  return useQuery({
    queryKey: ['log', 'account', filters],
    queryFn: ({ signal }) =>
      request<{ total: number; entries: AccountLogEntry[] }>('POST', '/c/v0/log/account/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportAccountLog = (filters: AccountLogExportBody) => download('/c/v0/log/account/export', filters, 'account-log.xlsx');
