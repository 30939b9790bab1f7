import { workOrderCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { workOrderKey } from './listWorkOrders.ts';

export function useWorkOrderDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...workOrderKey, 'detail', id],
    // Silent: the screen says a missing order in place.
    queryFn: ({ signal }) => request(workOrderCalls.detail, { id: id as number }, { signal, silent: true }),
    enabled: id !== undefined,
  });
}
