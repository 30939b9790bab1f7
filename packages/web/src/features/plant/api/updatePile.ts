import { deviceCalls, type PileUpdateBody } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { pileKey } from './pileDetail.ts';

export function useUpdatePile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PileUpdateBody) => request(deviceCalls.updatePile, body, { loading: true }),
    onSuccess: (_, body) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: pileKey(body.sn) }), queryClient.invalidateQueries({ queryKey: ['device'] })]),
  });
}
