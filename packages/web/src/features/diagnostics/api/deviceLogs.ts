import { type DeviceLogExportBody, type DeviceLogListBody, type DeviceLogRequestBody, diagnosticsCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

const deviceLogKey = ['diagnostics', 'deviceLogs'] as const;

/** Logs of a kind asked within the range; asked again every 3 s while one waits for its upload. */
export function useDeviceLogs(filters: DeviceLogListBody) {
  return useQuery({
    queryKey: [...deviceLogKey, filters],
    queryFn: ({ signal }) => request(diagnosticsCalls.listLogs, filters, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.logs.some((log) => log.state === 'waiting') ? 3_000 : false),
  });
}

export function useRequestDeviceLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceLogRequestBody) => request(diagnosticsCalls.requestLog, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceLogKey }),
  });
}

export const downloadDeviceLog = (id: number, name: string) => download(diagnosticsCalls.downloadLog, { id }, name);
export const exportDeviceLogs = (filters: DeviceLogExportBody) =>
  download(diagnosticsCalls.exportLogs, filters, `device-logs-${filters.kind}.xlsx`);
