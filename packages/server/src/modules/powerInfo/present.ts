import type { Department, Member, PermissionGroupSummary } from '@sunstack/shared';
import type { PowerInfoRepo } from './repo.ts';

type Rows<K extends keyof PowerInfoRepo> = Awaited<ReturnType<PowerInfoRepo[K]>>;
type DepartmentRow = Rows<'departments'>[number];
type GroupRow = Rows<'listGroups'>['rows'][number];
type MemberRow = Rows<'listMembers'>['rows'][number];

export function presentDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    permissionGroupId: row.permissionGroupId,
    permissionGroupName: row.permissionGroupName ?? '',
    effectiveGroupName: row.effectiveGroupName ?? '',
    members: row.members,
  };
}

export function presentGroup(row: GroupRow): PermissionGroupSummary {
  return {
    id: row.group.id,
    name: row.group.name,
    permissions: row.group.permissions,
    members: row.members,
    departments: row.departments,
    roles: row.roles,
    updatedAt: row.group.updatedAt.getTime(),
  };
}

/** Where the member's switches come from, in the order account_permission_group() looks. */
function sourceOf(row: MemberRow): Member['permissionSource'] {
  if (row.permissionGroupId !== null) return 'own';
  if (row.departmentGroupId !== null) return 'department';
  if (row.roleGroupId !== null) return 'role';
  return 'default';
}

export function presentMember(row: MemberRow): Member {
  return {
    id: row.id,
    user: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    access: row.access,
    disabled: row.disabledAt !== null,
    departmentId: row.departmentId,
    departmentName: row.departmentName ?? '',
    permissionGroupId: row.permissionGroupId,
    effectiveGroupName: row.effectiveGroupName ?? '',
    permissionSource: sourceOf(row),
  };
}
