import { userCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { userListKey } from './listUsers.ts';

/** Sets a one-time password (answered once) and ends the account's sessions. */
export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(userCalls.resetPassword, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
  });
}
