import { firmwareCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { firmwareListKey } from './listFirmware.ts';

/** Deletes a firmware no running task uses. */
export function useDeleteFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(firmwareCalls.delete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareListKey }),
  });
}
