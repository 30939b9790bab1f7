import { accountCalls } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) => request(accountCalls.password, body, { loading: true }),
  });
}
