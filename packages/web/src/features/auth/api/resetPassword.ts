import type { ResetBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetBody) => request('POST', '/c/v0/user/reset', { body, loading: true }) });
}
