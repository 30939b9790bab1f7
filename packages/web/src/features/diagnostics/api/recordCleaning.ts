import { diagnosticsCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Records that a string was cleaned now; the diagnoses that show "cleaned since" are asked again. */
export function useRecordCleaning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sn: string; string: number }) => request(diagnosticsCalls.recordCleaning, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['diagnostics'] }),
  });
}
