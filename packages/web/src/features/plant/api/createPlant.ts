import { type PlantCreateBody, plantCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { plantListKey } from './listPlants.ts';

export function useCreatePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlantCreateBody) => request(plantCalls.create, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plantListKey }),
  });
}
