import { type MemberUpdateBody, powerInfoCalls } from '@sunstack/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useAfterPermissionChange } from './keys.ts';

/** A member's department or own group decides its permissions, so the screen's lists and this browser's buttons are re-read. */
export function useUpdateMember() {
  const afterChange = useAfterPermissionChange();
  return useMutation({
    mutationFn: (body: MemberUpdateBody) => request(powerInfoCalls.updateMember, body, { loading: true }),
    onSuccess: afterChange,
  });
}
