import { upgradeCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const deviceUpgradesKey = ['upgrade', 'device'] as const;

/** A device's latest upgrades (after-sales), once an SN is given. */
export function useDeviceUpgrades(sn: string) {
  return useQuery({
    queryKey: [...deviceUpgradesKey, sn],
    queryFn: ({ signal }) => request(upgradeCalls.ofDevice, { sn }, { signal }),
    enabled: sn !== '',
  });
}
