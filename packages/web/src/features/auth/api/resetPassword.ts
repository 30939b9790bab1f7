import { accountCalls, type ResetBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetBody) => request(accountCalls.reset, body, { loading: true }) });
}
