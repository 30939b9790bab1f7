import { firmwareCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { blacklistKey } from './blacklist.ts';

/** Takes a version off the blacklist. */
export function useDeleteBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(firmwareCalls.blacklistDelete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistKey }),
  });
}
