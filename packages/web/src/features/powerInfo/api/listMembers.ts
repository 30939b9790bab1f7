import { type MemberListBody, powerInfoCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export function useMembers(filters: Partial<MemberListBody>) {
  return useQuery({
    queryKey: [...powerInfoKey, 'members', filters],
    queryFn: ({ signal }) => request(powerInfoCalls.members, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
