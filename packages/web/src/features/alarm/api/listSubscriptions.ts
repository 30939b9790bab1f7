import { notificationCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const subscriptionsKey = ['alarm', 'subscriptions'] as const;

/** The caller's alarm notification subscriptions (POST /c/v0/alarm/subscription/list); asked only while `enabled`. */
export function useSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionsKey,
    queryFn: ({ signal }) => request(notificationCalls.list, {}, { signal }),
    enabled,
  });
}
