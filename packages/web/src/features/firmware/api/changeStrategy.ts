import { upgradeCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { strategyListKey } from './strategies.ts';

/** What a strategy's buttons do: each is one declared call taking its id. */
export const STRATEGY_ACTIONS = {
  approve: upgradeCalls.strategyApprove,
  pause: upgradeCalls.strategyPause,
  resume: upgradeCalls.strategyResume,
  cancel: upgradeCalls.strategyCancel,
} as const;
export type StrategyAction = keyof typeof STRATEGY_ACTIONS;

/** Approves, pauses, resumes or cancels a strategy. */
export function useChangeStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: StrategyAction; id: number }) => request(STRATEGY_ACTIONS[action], { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: strategyListKey }),
  });
}
