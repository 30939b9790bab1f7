import { dataloggerCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Deletes a registered datalogger no plant holds, with the devices it reported. */
export function useDeleteDatalogger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) => request(dataloggerCalls.delete, { sn }, { loading: true }),
    // The list, and the devices it reported.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['datalogger'] }),
  });
}
