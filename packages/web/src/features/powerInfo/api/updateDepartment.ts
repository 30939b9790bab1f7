import { type DepartmentUpdateBody, powerInfoCalls } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useAfterPermissionChange } from './keys.ts';

/** Renames a department or assigns its permission group (which changes its members' permissions). */
export function useUpdateDepartment() {
  const afterChange = useAfterPermissionChange();
  return useMutation({
    mutationFn: (body: DepartmentUpdateBody) => request(powerInfoCalls.updateDepartment, body, { loading: true }),
    onSuccess: afterChange,
  });
}
