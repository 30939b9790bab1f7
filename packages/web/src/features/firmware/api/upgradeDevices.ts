import { type UpgradeDevicesBody, upgradeCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

const upgradeDevicesKey = ['upgrade', 'devices'] as const;

/** A task's devices; `version` (the task's live counts) reloads them when devices move. */
export function useUpgradeDevices(filters: UpgradeDevicesBody, version: string, enabled: boolean) {
  return useQuery({
    queryKey: [...upgradeDevicesKey, filters, version],
    queryFn: ({ signal }) => request(upgradeCalls.devices, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
