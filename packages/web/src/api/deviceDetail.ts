import { deviceCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

export function useDeviceDetail(sn: string) {
  return useQuery({
    queryKey: ['device', 'detail', sn],
    // Silent: the screen itself says when the device does not exist (or is out of scope).
    queryFn: ({ signal }) => request(deviceCalls.detail, { sn }, { signal, silent: true }),
    enabled: sn !== '',
  });
}
