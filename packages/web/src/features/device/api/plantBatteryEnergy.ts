import { monitoringCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/**
 * A plant's battery energy today (kWh, in its own day), from its flow: what the inverter driving a
 * battery counts when the battery itself reports no counters. `asOf` (the battery's newest sample)
 * reads it again whenever new data arrives.
 */
export function usePlantBatteryEnergy(plantId: number | null, asOf: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['plant', 'flow', plantId, asOf],
    queryFn: ({ signal }) => request(monitoringCalls.plantFlow, { id: plantId }, { signal }),
    placeholderData: keepPreviousData,
    select: (flow) => ({ charge: flow.today.chargeEnergyTotal ?? 0, discharge: flow.today.dischargeEnergyTotal ?? 0 }),
    enabled: enabled && plantId !== null,
  });
}
