import type { RoleGroupAssignBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useAfterPermissionChange } from './keys.ts';

export function useAssignRoleGroup() {
  const afterChange = useAfterPermissionChange();
  return useMutation({
    mutationFn: (body: RoleGroupAssignBody) => request('POST', '/c/v0/permissionGroup/assignRole', { body, loading: true }),
    onSuccess: afterChange,
  });
}
