import { userCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { userListKey } from './listUsers.ts';

/** Organisations of the caller's branch an account can be placed in, by name (the server answers at most 50). */
export function useUserOrganisations(name: string, enabled: boolean) {
  return useQuery({
    queryKey: [...userListKey, 'organisations', name],
    queryFn: ({ signal }) => request(userCalls.organisations, { name: name || undefined }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
