import { type AlarmAckBody, alarmCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmListKey } from '../../../api/queryAlarms.ts';
import { request } from '../../../lib/http.ts';

/** Acknowledges alarms with a comment (POST /c/v0/alarm/ack), all or none; the lists refresh after. */
export function useAckAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmAckBody) => request(alarmCalls.ack, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmListKey }),
  });
}
