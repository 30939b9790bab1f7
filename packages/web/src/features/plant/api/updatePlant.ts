import type { PlantUpdateBody } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useUpdatePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlantUpdateBody) => request('POST', '/c/v0/plant/update', { body, loading: true }),
    // The list and the plant's detail show the changed fields.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plant'] }),
  });
}
