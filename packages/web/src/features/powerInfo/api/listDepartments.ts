import { powerInfoCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

/** The whole department tree (the server bounds its size), for the tree and the department pickers. */
export function useDepartments(enabled = true) {
  return useQuery({
    queryKey: [...powerInfoKey, 'departments'],
    queryFn: ({ signal }) => request(powerInfoCalls.departments, undefined, { signal }),
    select: (answer) => answer.departments,
    enabled,
  });
}
