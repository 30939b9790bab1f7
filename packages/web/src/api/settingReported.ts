import { commandCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

export const settingReportedKey = (sn: string) => ['command', 'reported', sn] as const;

/** A device's settings as it last reported them, its confirmed sampling interval and whether its datalogger is connected. */
export function useSettingReported(sn: string) {
  return useQuery({
    queryKey: settingReportedKey(sn),
    // Silent: the screen itself says when the device does not exist (or is out of scope).
    queryFn: ({ signal }) => request(commandCalls.settingReported, { sn }, { signal, silent: true }),
    enabled: sn !== '',
  });
}
