import { type TemplateSaveBody, templateCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { templateListKey } from './listTemplates.ts';

/** Saves a template: a new one without `id`, else changes that one (template/create or template/update); answers its id. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: TemplateSaveBody & { id?: number }) => {
      if (id === undefined) return (await request(templateCalls.create, body)).id;
      await request(templateCalls.update, { id, ...body });
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateListKey }),
  });
}
