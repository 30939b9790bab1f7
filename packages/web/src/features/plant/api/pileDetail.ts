import { deviceCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const pileKey = (sn: string) => ['plant', 'pile', sn] as const;

/** A charging pile, through the device detail call. */
export function usePileDetail(sn: string) {
  return useQuery({
    queryKey: pileKey(sn),
    // Silent: the screen says when the pile does not exist (or is out of scope).
    queryFn: ({ signal }) => request(deviceCalls.detail, { sn }, { signal, silent: true }),
    enabled: sn !== '',
  });
}
