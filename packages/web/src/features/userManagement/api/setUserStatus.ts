import { userCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { userListKey } from './listUsers.ts';

/** Disables (ending its sessions) or enables an account. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; enabled: boolean }) => request(userCalls.status, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
  });
}
