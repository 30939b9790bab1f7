import { type BlacklistSetBody, firmwareCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { blacklistKey } from './blacklist.ts';

/** Blacklists a version of a series (waiting upgrades to it stop at once). */
export function useSetBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlacklistSetBody) => request(firmwareCalls.blacklistSet, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistKey }),
  });
}
