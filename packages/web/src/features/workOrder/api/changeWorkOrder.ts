import { type WorkOrderAssignBody, type WorkOrderReplyBody, type WorkOrderStatusBody, workOrderCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { workOrderKey } from './listWorkOrders.ts';

/** A change to an order (reply, status, assignment): the detail and the list load again after it. */
function useWorkOrderChange<B>(send: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKey }) });
}

export const useReplyWorkOrder = () =>
  useWorkOrderChange((body: WorkOrderReplyBody) => request(workOrderCalls.reply, body, { loading: true }));
export const useMoveWorkOrder = () =>
  useWorkOrderChange((body: WorkOrderStatusBody) => request(workOrderCalls.status, body, { loading: true }));
export const useAssignWorkOrder = () =>
  useWorkOrderChange((body: WorkOrderAssignBody) => request(workOrderCalls.assign, body, { loading: true }));
