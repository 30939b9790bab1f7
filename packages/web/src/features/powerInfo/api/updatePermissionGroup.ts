import { type PermissionGroupUpdateBody, powerInfoCalls } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useAfterPermissionChange } from './keys.ts';

export function useUpdatePermissionGroup() {
  const afterChange = useAfterPermissionChange();
  return useMutation({
    mutationFn: (body: PermissionGroupUpdateBody) => request(powerInfoCalls.updateGroup, body, { loading: true }),
    onSuccess: afterChange,
  });
}
