import { type WorkOrderCreateBody, workOrderCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { workOrderKey } from './listWorkOrders.ts';

export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkOrderCreateBody) => request(workOrderCalls.create, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKey }),
  });
}
