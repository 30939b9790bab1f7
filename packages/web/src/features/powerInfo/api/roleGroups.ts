import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export interface RoleGroup {
  access: number;
  permissionGroupId: number | null;
  permissionGroupName: string;
  permissions: string[];
}

export function useRoleGroups() {
  return useQuery({
    queryKey: [...powerInfoKey, 'roles'],
    queryFn: ({ signal }) => request<{ roles: RoleGroup[] }>('GET', '/c/v0/permissionGroup/roles', { signal }),
    select: (answer) => answer.roles,
  });
}
