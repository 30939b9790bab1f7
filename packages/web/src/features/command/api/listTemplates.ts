import { type TemplateListBody, templateCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const templateListKey = ['template', 'list'] as const;

/** A page of the branch's templates, newest first; `enabled: false` for a role that has none. */
export function useTemplateList(filters: TemplateListBody, enabled = true) {
  return useQuery({
    queryKey: [...templateListKey, filters],
    queryFn: ({ signal }) => request(templateCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
