import type { PlatformLogExportBody } from '@sunstack/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import { loggedWithin, type Page } from '../../db/page.ts';
import { platformLog } from '../../db/schema.ts';

export type PlatformLogRow = typeof platformLog.$inferSelect;

const where = (filters: PlatformLogExportBody) =>
  and(
    filters.kind ? eq(platformLog.kind, filters.kind) : undefined,
    filters.severity ? eq(platformLog.severity, filters.severity) : undefined,
    filters.text ? contains(platformLog.message, filters.text) : undefined,
    loggedWithin(platformLog.at, filters),
  );

/** The platform log's rows (written by core/platformLog.ts): filtered pages and the retention's deletes. */
export function createPlatformLogRepo(db: Db) {
  return {
    async list(filters: PlatformLogExportBody, page: Page) {
      const condition = where(filters);
      const [total] = await db.select({ n: count() }).from(platformLog).where(condition);
      const rows = await db
        .select()
        .from(platformLog)
        .where(condition)
        .orderBy(desc(platformLog.at), desc(platformLog.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total: total?.n ?? 0, rows };
    },

    /** Deletes rows older than `before`, and of each kind all but the newest `keepPerKind`; answers how many went. */
    async prune(before: Date, keepPerKind: number) {
      const old = await db.delete(platformLog).where(sql`${platformLog.at} < ${before}`).returning({ id: platformLog.id });
      const over = await db
        .delete(platformLog)
        .where(
          sql`${platformLog.id} in (select id from (select id, row_number() over (partition by kind order by at desc, id desc) as n
            from platform_log) ranked where n > ${keepPerKind})`,
        )
        .returning({ id: platformLog.id });
      return old.length + over.length;
    },
  };
}
export type PlatformLogRepo = ReturnType<typeof createPlatformLogRepo>;
