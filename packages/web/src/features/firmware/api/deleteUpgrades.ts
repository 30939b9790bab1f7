import { upgradeCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { upgradeListKey } from './listUpgrades.ts';

/** Task batch delete: waiting devices are withdrawn first. */
export function useDeleteUpgrades() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => request(upgradeCalls.delete, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: upgradeListKey }),
  });
}
