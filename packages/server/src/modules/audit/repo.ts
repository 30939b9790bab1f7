import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export function createAuditRepo(db: Db) {
  return {
    async insert(entry: AuditEntry) {
      await db.insert(auditLog).values(entry);
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
