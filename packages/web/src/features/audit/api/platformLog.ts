import { type PlatformLogBody, type PlatformLogExportBody, platformLogCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

export function usePlatformLog(filters: Partial<PlatformLogBody>) {
  return useQuery({
    queryKey: ['log', 'platform', filters],
    queryFn: ({ signal }) => request(platformLogCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportPlatformLog = (filters: PlatformLogExportBody) => download(platformLogCalls.export, filters, 'platform-log.xlsx');
