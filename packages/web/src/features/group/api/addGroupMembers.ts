import { groupCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { groupKey } from './listGroups.ts';

/** Adds plants (ids) or devices (SNs); all or none. Silent: the drawer names the entries it refused. */
export function useAddGroupMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; members: string[] }) => request(groupCalls.addMembers, body, { loading: true, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey }),
  });
}
