import { accountCalls, type RegisterBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { startSession } from '../../../api/session.ts';
import { request } from '../../../lib/http.ts';

export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      const { token, access } = await request(accountCalls.register, body, { loading: true });
      await startSession(token, access);
      return access;
    },
  });
}
