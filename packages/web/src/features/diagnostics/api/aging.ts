import { type AgingAlarmListBody, type AgingRunCreateBody, diagnosticsCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

const agingKey = ['diagnostics', 'aging'] as const;
/** A running run's devices are judged every 30 s and report every few minutes: asked again every 15 s while it runs. */
const LIVE_MS = 15_000;

export function useAgingRuns(page: { currentPage: number; pageSize: 10 | 20 | 50 }) {
  return useQuery({
    queryKey: [...agingKey, 'runs', page],
    queryFn: ({ signal }) => request(diagnosticsCalls.listAgingRuns, page, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.state === 'running') ? LIVE_MS : false),
  });
}

/** A run with each device's live status. */
export function useAgingRun(id: number | undefined) {
  return useQuery({
    queryKey: [...agingKey, 'run', id],
    queryFn: ({ signal }) => request(diagnosticsCalls.agingRunDetail, { id: id as number }, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? LIVE_MS : false),
  });
}

export function useCreateAgingRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgingRunCreateBody) => request(diagnosticsCalls.createAgingRun, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agingKey }),
  });
}

export function useAgingAlarms(filters: AgingAlarmListBody) {
  return useQuery({
    queryKey: [...agingKey, 'alarms', filters],
    queryFn: ({ signal }) => request(diagnosticsCalls.agingAlarms, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** An ageing inverter's curves over its run; asked again while the run lasts. */
export function useAgingDevice(query: { runId: number; sn: string } | undefined) {
  return useQuery({
    queryKey: [...agingKey, 'device', query],
    queryFn: ({ signal }) => request(diagnosticsCalls.agingDevice, query as { runId: number; sn: string }, { signal }),
    enabled: query !== undefined,
    refetchInterval: (state) => (state.state.data?.run.state === 'running' ? LIVE_MS : false),
  });
}

export const exportAgingReport = (id: number, format: 'xlsx' | 'csv') =>
  download(diagnosticsCalls.exportAgingReport, { id, format }, `aging-report-${id}.${format}`);
