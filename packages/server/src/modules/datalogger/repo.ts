import type { ModuleListBody } from '@sunstack/shared';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { dataloggerVisible, plantWritable, type Scope } from '../../core/scope.ts';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { startsWithExactly } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { datalogger, device, plant, platformSecret } from '../../db/schema.ts';

export function createDataloggerRepo(db: Db) {
  return {
    /** The installation's key of datalogger check codes (migration 0019). */
    async labelKey() {
      const [row] = await db.select({ value: platformSecret.value }).from(platformSecret).where(eq(platformSecret.name, 'dataloggerLabel'));
      if (!row) throw new Error('The datalogger label key is missing: run the migrations.');
      return row.value;
    },

    /** False when the SN is registered already (primary key): checked by the insert itself. */
    async insert(row: typeof datalogger.$inferInsert) {
      const rows = await db.insert(datalogger).values(row).onConflictDoNothing().returning({ sn: datalogger.sn });
      return rows.length === 1;
    },

    /** Which of these SNs are registered already (in any branch: an SN is unique worldwide). */
    async existing(sns: string[]) {
      const found: string[] = [];
      for (let i = 0; i < sns.length; i += 1000) {
        const rows = await db
          .select({ sn: datalogger.sn })
          .from(datalogger)
          .where(inArray(datalogger.sn, sns.slice(i, i + 1000)));
        found.push(...rows.map((row) => row.sn));
      }
      return found;
    },

    /** Inserts every row or none; false when one was registered meanwhile. */
    async insertAll(rows: (typeof datalogger.$inferInsert)[]) {
      try {
        await db.transaction(async (tx) => {
          for (let i = 0; i < rows.length; i += 1000) await tx.insert(datalogger).values(rows.slice(i, i + 1000));
        });
        return true;
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return false;
        throw error;
      }
    },

    async list(scope: Scope, filters: ModuleListBody) {
      const where = and(
        dataloggerVisible(db, scope),
        filters.sn ? startsWithExactly(datalogger.sn, filters.sn) : undefined,
        filters.bound === undefined ? undefined : filters.bound ? isNotNull(datalogger.plantId) : isNull(datalogger.plantId),
      );
      const total = await db.$count(datalogger, where);
      const rows = await db
        .select({ logger: datalogger, plantName: plant.name })
        .from(datalogger)
        .leftJoin(plant, eq(plant.id, datalogger.plantId))
        .where(where)
        .orderBy(desc(datalogger.createdAt), datalogger.sn)
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    async findVisible(scope: Scope, sn: string) {
      const [row] = await db
        .select()
        .from(datalogger)
        .where(and(eq(datalogger.sn, sn), dataloggerVisible(db, scope)));
      return row;
    },

    /**
     * Deletes a datalogger the caller sees that no plant holds, with the devices it reported (and
     * their authorisations); false when there is none such.
     */
    async deleteUnbound(scope: Scope, sn: string) {
      return db.transaction(async (tx) => {
        const target = and(eq(datalogger.sn, sn), isNull(datalogger.plantId), dataloggerVisible(db, scope));
        const [found] = await tx.select({ sn: datalogger.sn }).from(datalogger).where(target).for('update');
        if (!found) return false;
        await tx.delete(device).where(eq(device.dataloggerSn, sn));
        await tx.delete(datalogger).where(target);
        return true;
      });
    },

    /** The SNs of the devices a datalogger reported. */
    async deviceSns(sn: string) {
      const rows = await db.select({ sn: device.sn }).from(device).where(eq(device.dataloggerSn, sn)).orderBy(device.sn);
      return rows.map((row) => row.sn);
    },

    /** Frees a datalogger from its plant, if the caller may change that plant; false otherwise. */
    async unbind(scope: Scope, sn: string) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(datalogger)
          .set({ plantId: null, boundAt: null })
          .where(
            and(
              eq(datalogger.sn, sn),
              isNotNull(datalogger.plantId),
              sql`${datalogger.plantId} in (select ${plant.id} from ${plant} where ${plantWritable(db, scope)})`,
            ),
          )
          .returning({ sn: datalogger.sn });
        if (rows.length !== 1) return false;
        await tx.update(device).set({ plantId: null }).where(eq(device.dataloggerSn, sn));
        return true;
      });
    },
  };
}
export type DataloggerRepo = ReturnType<typeof createDataloggerRepo>;
