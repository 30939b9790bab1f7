import { type CommandListBody, commandCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

export const commandListKey = ['command', 'list'] as const;

/** A page of commands (of one device), newest first; kept current by the device's command stream. */
export function useCommandList(filters: CommandListBody) {
  return useQuery({
    queryKey: [...commandListKey, filters],
    queryFn: ({ signal }) => request(commandCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled: filters.sn !== '',
  });
}
