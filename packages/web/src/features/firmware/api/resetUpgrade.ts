import { type UpgradeResetBody, upgradeCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { deviceUpgradesKey } from './deviceUpgrades.ts';

/** Clears a device's stuck upgrade, with why. */
export function useResetUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpgradeResetBody) => request(upgradeCalls.reset, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceUpgradesKey }),
  });
}
