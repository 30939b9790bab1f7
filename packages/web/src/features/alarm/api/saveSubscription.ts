import { notificationCalls, type SubscriptionSaveBody } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { subscriptionsKey } from './listSubscriptions.ts';

/**
 * Creates or replaces the subscription to a plant or to every plant in scope
 * (POST /c/v0/alarm/subscription/save); `secret` is the webhook's new signing secret, answered only this once.
 */
export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionSaveBody) => request(notificationCalls.save, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
