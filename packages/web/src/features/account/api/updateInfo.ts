import { accountCalls, type UpdateInfoBody } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoKey } from '../../../api/userInfo.ts';
import { request } from '../../../lib/http.ts';

export function useUpdateInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInfoBody) => request(accountCalls.update, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoKey }),
  });
}
