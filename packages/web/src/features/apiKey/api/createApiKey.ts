import { type ApiKeyCreateBody, apiKeyCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { apiKeyKey } from './listApiKeys.ts';

/** Creates a key; the answer holds the key itself, the only time it is shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => request(apiKeyCalls.create, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKey }),
  });
}
