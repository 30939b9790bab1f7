import { accountCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { useClientStore } from '../lib/clientStore.ts';
import { request } from '../lib/http.ts';

export const userInfoKey = ['user', 'info'] as const;

export function useUserInfo() {
  const token = useClientStore((state) => state.token);
  return useQuery({
    queryKey: [...userInfoKey, token],
    queryFn: () => request(accountCalls.info, undefined),
    enabled: token !== null,
  });
}
