import { type CallResult, powerInfoCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export type RoleGroup = CallResult<typeof powerInfoCalls.roleGroups>['roles'][number];

export function useRoleGroups() {
  return useQuery({
    queryKey: [...powerInfoKey, 'roles'],
    queryFn: ({ signal }) => request(powerInfoCalls.roleGroups, undefined, { signal }),
    select: (answer) => answer.roles,
  });
}
