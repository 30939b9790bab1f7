import type { LoginBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { startSession } from '../../../api/session.ts';
import { request } from '../../../lib/http.ts';

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const { token, access } = await request<{ token: string; access: number }>('POST', '/c/v0/user/login', { body, loading: true });
      await startSession(token, access);
      return access;
    },
  });
}
