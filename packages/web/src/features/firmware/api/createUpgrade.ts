import { type UpgradeCreateBody, upgradeCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { upgradeListKey } from './listUpgrades.ts';

/** A new upgrade task: what was sent, skipped, and refused. */
export function useCreateUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpgradeCreateBody) => request(upgradeCalls.create, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: upgradeListKey }),
  });
}
