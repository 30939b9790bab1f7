import { type UserCreateBody, userCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { userListKey } from './listUsers.ts';

/** Creates an account; the answer holds its one-time password, shown once. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody) => request(userCalls.create, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
  });
}
