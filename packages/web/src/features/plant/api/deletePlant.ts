import { plantCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { plantListKey } from './listPlants.ts';

/** Silent (spec section 8): the screen shows its own messages, including the confirmation for frequent deletions. */
export function useDeletePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; confirm?: boolean }) => request(plantCalls.delete, body, { silent: true, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plantListKey }),
  });
}
