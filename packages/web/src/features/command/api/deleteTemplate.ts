import { templateCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { templateListKey } from './listTemplates.ts';

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(templateCalls.delete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateListKey }),
  });
}
