import { type PlantUpdateBody, plantCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useUpdatePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlantUpdateBody) => request(plantCalls.update, body, { loading: true }),
    // The list and the plant's detail show the changed fields.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plant'] }),
  });
}
