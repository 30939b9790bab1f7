import { diagnosticsCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** A scan task with each inverter's progress and strings; asked again every 2 s while a device is scanning. */
export function useIvTask(id: number | undefined) {
  return useQuery({
    queryKey: ['diagnostics', 'task', id],
    queryFn: ({ signal }) => request(diagnosticsCalls.taskDetail, { id: id as number }, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.scans.some((scan) => scan.state === 'scanning') ? 2_000 : false),
  });
}
