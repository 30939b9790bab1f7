import { Access, DEFAULT_PERMISSIONS, type Permission } from '@sunstack/shared';
import { notFound } from '../../http/errors.ts';
import type { PowerInfoRepo } from './repo.ts';

/**
 * The switches that repair permissions: whoever holds them can view and edit every group. Every
 * change keeps at least one active administrator holding them (errno 41935).
 */
export const PERMISSION_KEEPER_SWITCHES: readonly Permission[] = ['role.query', 'role.edit'];
export const KEEPER = {
  switches: PERMISSION_KEEPER_SWITCHES,
  byDefault: PERMISSION_KEEPER_SWITCHES.every((code) => DEFAULT_PERMISSIONS[Access.admin]?.includes(code)),
};

/** Whether the body asks to change a field: undefined leaves it, null clears it. */
export const asked = <T>(value: T | undefined): value is T => value !== undefined;

/** The group a change names, or not found. */
export async function existingGroup(powerInfo: Pick<PowerInfoRepo, 'findGroup'>, id: number) {
  const group = await powerInfo.findGroup(id);
  if (!group) throw notFound();
  return group;
}

/** The department a change names, or not found. */
export async function existingDepartment(powerInfo: Pick<PowerInfoRepo, 'findDepartment'>, id: number) {
  const found = await powerInfo.findDepartment(id);
  if (!found) throw notFound();
  return found;
}
