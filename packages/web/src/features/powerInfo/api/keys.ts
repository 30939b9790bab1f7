import { useQueryClient } from '@tanstack/react-query';
import { refreshPermissions } from '../../../api/session.ts';

/** Every query of the power info screen sits under this key. */
export const powerInfoKey = ['powerInfo'] as const;

/**
 * After a change to groups or their assignments: every list of the screen is re-read, and so are
 * this browser's own buttons (the change may have been to the operator's own permissions).
 */
export function useAfterPermissionChange() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: powerInfoKey }), refreshPermissions().catch(() => {})]);
  };
}
