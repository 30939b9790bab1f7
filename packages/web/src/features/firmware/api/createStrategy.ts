import { type StrategyCreateBody, upgradeCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { strategyListKey } from './strategies.ts';

/** A new strategy upgrade; it waits for its checker. */
export function useCreateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StrategyCreateBody) => request(upgradeCalls.strategyCreate, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: strategyListKey }),
  });
}
