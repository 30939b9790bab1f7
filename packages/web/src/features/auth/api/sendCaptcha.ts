import { accountCalls, type SendCaptchaBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useSendCaptcha() {
  return useMutation({ mutationFn: (body: SendCaptchaBody) => request(accountCalls.sendCaptcha, body) });
}
