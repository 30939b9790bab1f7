import { deviceCalls, type GroupKind, plantCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface Candidate {
  /** The plant id (as text) or the device SN: what the group stores. */
  key: string;
  label: string;
}

/** Plants by name (POST /c/v0/plant/list) or devices by SN (POST /c/v0/device/list) to add to a group, 20 at most. */
export function useCandidates(kind: GroupKind, search: string) {
  return useQuery({
    queryKey: ['group', 'candidates', kind, search],
    queryFn: async ({ signal }): Promise<Candidate[]> => {
      if (kind === 'plant') {
        const page = await request(plantCalls.list, { name: search, pageSize: 20 }, { signal });
        return page.plants.map((plant) => ({ key: String(plant.id), label: `${plant.name} (${plant.id})` }));
      }
      const page = await request(deviceCalls.list, { sn: search, pageSize: 20 }, { signal });
      return page.devices.map((device) => ({ key: device.sn, label: `${device.sn} · ${device.model || device.type}` }));
    },
    enabled: search.trim().length > 0,
  });
}
