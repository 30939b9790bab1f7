import { type DeviceGrantBody, deviceCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { grantListKey } from './listGrants.ts';

/** Authorises an integrator for the chosen devices, all or none. */
export function useGrantDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceGrantBody) => request(deviceCalls.grant, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantListKey }),
  });
}
