import { DEFAULT_PERMISSIONS, Errno, type Permission } from '@sunstack/shared';
import { AppError } from '../../http/errors.ts';
import type { Session } from '../session/service.ts';

/** The button permissions of spec section 6 that a session holds (role defaults until permission groups exist). */
export const permissionsOf = (session: Pick<Session, 'access'>): readonly Permission[] => DEFAULT_PERMISSIONS[session.access] ?? [];

/** The server checks the same switch that hides the button in the web app. */
export function requirePermission(session: Pick<Session, 'access'>, permission: Permission) {
  if (!permissionsOf(session).includes(permission)) throw new AppError(Errno.noPermission);
}

/** The organisation an account belongs to is the last id of its path ('/1/4/9/' → 9). */
export function organisationIdOf(session: Pick<Session, 'organisationPath'>): number {
  const ids = session.organisationPath.split('/').filter(Boolean);
  return Number(ids.at(-1));
}
