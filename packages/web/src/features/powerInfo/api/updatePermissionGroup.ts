import type { PermissionGroupUpdateBody } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useAfterPermissionChange } from './keys.ts';

export function useUpdatePermissionGroup() {
  const afterChange = useAfterPermissionChange();
  return useMutation({
    mutationFn: (body: PermissionGroupUpdateBody) => request('POST', '/c/v0/permissionGroup/update', { body, loading: true }),
    onSuccess: afterChange,
  });
}
