import { apiKeyCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { apiKeyKey } from './listApiKeys.ts';

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(apiKeyCalls.delete, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKey }),
  });
}
