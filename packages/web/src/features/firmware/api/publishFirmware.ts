import { firmwareCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { firmwareListKey } from './listFirmware.ts';

/** Publishes a firmware (upgrade tasks may send it from then on). */
export function usePublishFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(firmwareCalls.publish, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareListKey }),
  });
}
