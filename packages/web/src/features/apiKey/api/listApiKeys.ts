import { apiKeyCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const apiKeyKey = ['apiKey'] as const;

/** The caller's keys, and its account's calls per day and remaining today (POST /c/v0/apikey/list). */
export function useApiKeys() {
  return useQuery({
    queryKey: [...apiKeyKey, 'list'],
    queryFn: ({ signal }) => request(apiKeyCalls.list, undefined, { signal }),
  });
}
