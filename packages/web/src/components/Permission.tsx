import type { Permission as PermissionCode } from '@sunstack/shared';
import type { ReactNode } from 'react';
import { useClientStore } from '../lib/clientStore.ts';

/** The permission directive of spec section 2: renders its children only when the account holds `code`. */
export function Permission({ code, children }: { code: PermissionCode; children: ReactNode }) {
  const granted = useClientStore((state) => state.buttons.includes(code));
  return granted ? children : null;
}
