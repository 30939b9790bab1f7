import { batchCalls } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Retries a batch's failed commands, or cancels those not sent yet; the new counts come on its stream. */
export function useChangeBatch(kind: 'retry' | 'cancel') {
  return useMutation({ mutationFn: (id: string) => request(batchCalls[kind], { id }) });
}
