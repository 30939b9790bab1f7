import { powerInfoCalls, type RoleGroupAssignBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useAfterPermissionChange } from './keys.ts';

export function useAssignRoleGroup() {
  const afterChange = useAfterPermissionChange();
  return useMutation({
    mutationFn: (body: RoleGroupAssignBody) => request(powerInfoCalls.assignRoleGroup, body, { loading: true }),
    onSuccess: afterChange,
  });
}
