import type { UserSummary } from '@sunstack/shared';
import type { UserRow } from './repo.ts';

export function presentUser(row: UserRow, manageable: boolean): UserSummary {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    access: row.access,
    organisationId: row.organisationId,
    organisationName: row.organisationName,
    organisationKind: row.organisationKind,
    enabled: row.disabledAt === null,
    passwordChangeRequired: row.passwordChangeRequired,
    createdAt: row.createdAt.getTime(),
    manageable,
  };
}

/** What the operation log keeps of an account before and after a change: its fields, never a password. */
export function auditedFields(row: Pick<UserRow, 'username' | 'name' | 'email' | 'phone' | 'access' | 'organisationId'>) {
  const { username, name, email, phone, access, organisationId } = row;
  return { username, name, email, phone, access, organisationId };
}
