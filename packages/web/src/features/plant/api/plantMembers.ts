import { type CallResult, plantCalls } from '@sunstack/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export type PlantMember = CallResult<typeof plantCalls.members>['members'][number];

const membersKey = (id: number) => ['plant', 'members', id] as const;

export function usePlantMembers(id: number) {
  return useQuery({
    queryKey: membersKey(id),
    queryFn: ({ signal }) => request(plantCalls.members, { id }, { signal, silent: true }),
  });
}

export function useSharePlant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user: string; role: PlantMember['role'] }) => request(plantCalls.share, { id, ...body }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(id) }),
  });
}

export function useUnsharePlant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: string) => request(plantCalls.unshare, { id, user }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(id) }),
  });
}
