import { type CallInput, commandCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../lib/http.ts';
import { commandListKey } from './listCommands.ts';

/** The calls that make a command: each answers its id at once, and its states come on the device's stream. */
const COMMAND_CALLS = {
  settingGet: commandCalls.settingGet,
  settingSet: commandCalls.settingSet,
  configSet: commandCalls.configSet,
  reboot: commandCalls.reboot,
} as const;
type CommandCall = keyof typeof COMMAND_CALLS;

/** Sends one kind of command (one hook for the four calls: they differ only in their declaration). */
export function useSendCommand<K extends CommandCall>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<(typeof COMMAND_CALLS)[K]>) =>
      request(COMMAND_CALLS[kind] as (typeof COMMAND_CALLS)['reboot'], input as CallInput<(typeof COMMAND_CALLS)['reboot']>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandListKey }),
  });
}
