import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface PlantMember {
  user: string;
  role: 'viewer' | 'installer';
  since: number;
}

const membersKey = (id: number) => ['plant', 'members', id] as const;

export function usePlantMembers(id: number) {
  return useQuery({
    queryKey: membersKey(id),
    queryFn: ({ signal }) => request<{ members: PlantMember[] }>('GET', `/c/v0/plant/members?id=${id}`, { signal, silent: true }),
  });
}

export function useSharePlant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user: string; role: PlantMember['role'] }) =>
      request('POST', '/c/v0/plant/share', { body: { id, ...body }, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(id) }),
  });
}

export function useUnsharePlant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: string) => request('POST', '/c/v0/plant/unshare', { body: { id, user }, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(id) }),
  });
}
