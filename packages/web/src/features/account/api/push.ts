import { notificationCalls, type PushSubscribeBody } from '@sunstack/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

const browsersKey = ['account', 'pushBrowsers'] as const;

/** The caller's browsers that receive alarm notices as Web Push. */
export function usePushBrowsers() {
  return useQuery({ queryKey: browsersKey, queryFn: ({ signal }) => request(notificationCalls.pushBrowsers, {}, { signal }) });
}

/** The server's VAPID public key (base64url). */
export const pushKey = () => request(notificationCalls.pushKey, {});

export function usePushSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscribeBody) => request(notificationCalls.pushSubscribe, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: browsersKey }),
  });
}

export function usePushUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: string) => request(notificationCalls.pushUnsubscribe, { endpoint }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: browsersKey }),
  });
}
