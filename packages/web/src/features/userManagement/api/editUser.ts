import { type UserUpdateBody, userCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { userListKey } from './listUsers.ts';

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => request(userCalls.edit, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKey }),
  });
}
