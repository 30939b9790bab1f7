import { type ApiQuotaSetBody, apiKeyCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { apiKeyKey } from './listApiKeys.ts';

export function useSetApiQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiQuotaSetBody) => request(apiKeyCalls.quotaSet, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKey }),
  });
}
