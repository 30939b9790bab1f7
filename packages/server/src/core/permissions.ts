import { DEFAULT_PERMISSIONS, Errno, PERMISSIONS, type Permission } from '@sunstack/shared';
import { AppError } from '../http/errors.ts';
import type { Session } from './caller.ts';

/**
 * The switches an account holds: those of its effective permission group (see
 * 0005_permission_groups.sql), or its role's defaults when no group applies, in the order of
 * PERMISSIONS. A stored code the code base no longer knows grants nothing.
 */
export function effectivePermissions(access: number, groupPermissions: readonly string[] | null): readonly Permission[] {
  const held: readonly string[] = groupPermissions ?? DEFAULT_PERMISSIONS[access] ?? [];
  return PERMISSIONS.filter((code) => held.includes(code));
}

/** The button permissions of spec section 6 that a session holds, read with the session. */
export const permissionsOf = (session: Pick<Session, 'permissions'>): readonly Permission[] => session.permissions;

/** The server checks the same switch that hides the button in the web app. */
export function requirePermission(session: Pick<Session, 'permissions'>, permission: Permission) {
  if (!session.permissions.includes(permission)) throw new AppError(Errno.noPermission);
}

/** The organisation an account belongs to is the last id of its path ('/1/4/9/' → 9). */
export function organisationIdOf(session: Pick<Session, 'organisationPath'>): number {
  const ids = session.organisationPath.split('/').filter(Boolean);
  return Number(ids.at(-1));
}
