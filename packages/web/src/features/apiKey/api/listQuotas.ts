import { type ApiQuotaListBody, apiKeyCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { apiKeyKey } from './listApiKeys.ts';

/** Administrators: accounts holding keys, their quota and usage today. */
export function useApiQuotas(filters: Partial<ApiQuotaListBody>, enabled: boolean) {
  return useQuery({
    queryKey: [...apiKeyKey, 'quotas', filters],
    queryFn: ({ signal }) => request(apiKeyCalls.quotaList, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
