import type { Member, MemberListBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export interface MemberPage {
  total: number;
  currentPage: number;
  pageSize: number;
  members: Member[];
}

export function useMembers(filters: Partial<MemberListBody>) {
  return useQuery({
    queryKey: [...powerInfoKey, 'members', filters],
    queryFn: ({ signal }) => request<MemberPage>('POST', '/c/v0/member/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}
