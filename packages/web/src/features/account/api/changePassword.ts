import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) => request('POST', '/c/v0/user/password', { body, loading: true }),
  });
}
