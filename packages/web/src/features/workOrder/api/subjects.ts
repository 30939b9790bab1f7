import { deviceCalls, plantCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Plants a work order may be about: the caller's, found by name (50 at a time). */
export function usePlantChoices(name: string, enabled: boolean) {
  return useQuery({
    queryKey: ['workOrder', 'plants', name],
    queryFn: ({ signal }) => request(plantCalls.list, { name: name || undefined, pageSize: 50 }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Devices a work order may be about: those of the chosen plant (an integrator's: those authorised to it). */
export function useDeviceChoices(plantId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['workOrder', 'devices', plantId],
    queryFn: ({ signal }) => request(deviceCalls.list, { plantId, pageSize: 50 }, { signal }),
    enabled,
  });
}
