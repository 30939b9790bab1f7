import { type AlarmThresholdSaveBody, alarmCalls } from '@sunstack/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

const thresholdsKey = (plantId: number) => ['plant', 'alarmThresholds', plantId] as const;

/** A plant's thresholds for the alarm rules (GET /c/v0/alarm/threshold). */
export function useAlarmThresholds(plantId: number) {
  return useQuery({
    queryKey: thresholdsKey(plantId),
    queryFn: ({ signal }) => request(alarmCalls.threshold, { id: plantId }, { signal }),
  });
}

/** Sets a plant's own thresholds; the keys left out take the defaults (POST /c/v0/alarm/threshold/save). */
export function useSaveAlarmThresholds(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thresholds: AlarmThresholdSaveBody['thresholds']) =>
      request(alarmCalls.thresholdSave, { plantId, thresholds }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thresholdsKey(plantId) }),
  });
}
