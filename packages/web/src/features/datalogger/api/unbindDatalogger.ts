import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useUnbindDatalogger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) => request('POST', '/c/v0/module/unbind', { body: { sn }, loading: true }),
    // The list, and the devices now in no plant.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['datalogger'] }),
  });
}
