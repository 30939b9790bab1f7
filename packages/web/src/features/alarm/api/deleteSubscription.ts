import { notificationCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { subscriptionsKey } from './listSubscriptions.ts';

/** Deletes one of the caller's subscriptions (POST /c/v0/alarm/subscription/delete). */
export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(notificationCalls.delete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
