import { diagnosticsCalls, type StringConfigBody } from '@sunstack/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

const stringConfigKey = (sn: string) => ['diagnostics', 'stringConfig', sn] as const;

/** An inverter's string configuration (null until set); nothing is asked before an SN is chosen. */
export function useStringConfig(sn: string | undefined) {
  return useQuery({
    queryKey: stringConfigKey(sn ?? ''),
    queryFn: ({ signal }) => request(diagnosticsCalls.stringConfig, { sn: sn as string }, { signal }),
    enabled: Boolean(sn),
  });
}

export function useSaveStringConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StringConfigBody) => request(diagnosticsCalls.setStringConfig, body),
    onSuccess: (_, body) => queryClient.invalidateQueries({ queryKey: stringConfigKey(body.sn) }),
  });
}
