import { dataloggerCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useUnbindDatalogger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) => request(dataloggerCalls.unbind, { sn }, { loading: true }),
    // The list, and the devices now in no plant.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['datalogger'] }),
  });
}
