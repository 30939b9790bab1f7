import { type WorkOrderFilters, type WorkOrderListBody, workOrderCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

export const workOrderKey = ['workOrder'] as const;

export function useWorkOrders(filters: Partial<WorkOrderListBody>) {
  return useQuery({
    queryKey: [...workOrderKey, 'list', filters],
    queryFn: ({ signal }) => request(workOrderCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportWorkOrders = (filters: WorkOrderFilters) => download(workOrderCalls.export, filters, 'work-orders.xlsx');
