import { commandCalls } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

/** Takes back a command not sent yet (its new state comes on the device's stream). */
export function useCancelCommand() {
  return useMutation({ mutationFn: (id: string) => request(commandCalls.cancel, { id }) });
}
