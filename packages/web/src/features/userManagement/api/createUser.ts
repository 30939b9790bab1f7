import type { OneTimePasswordResult, UserCreateBody } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { userListKey } from './listUsers.ts';

/** Creates an account; the answer holds its one-time password, shown once. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody) => request<OneTimePasswordResult>('POST', '/c/v0/user/create', { body, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
  });
}
