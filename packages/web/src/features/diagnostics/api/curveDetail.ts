import { diagnosticsCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const curveDetailKey = ['diagnostics', 'curve'] as const;

export function useCurveDetail(query: { scanId: number; string: number; count: number } | undefined) {
  return useQuery({
    queryKey: [...curveDetailKey, query],
    queryFn: ({ signal }) => request(diagnosticsCalls.curveDetail, query as NonNullable<typeof query>, { signal }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
