import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import type { Page } from '../../db/page.ts';
import { selectRows } from '../../db/rawSql.ts';
import { account, accountMigration, accountMigrationCode, device, plant } from '../../db/schema.ts';

/** Which column of a plant names the account: its owner (an end user) or its installer. */
export type PlantRole = 'owner' | 'installer';

export function createAccountMigrationRepo(db: Db) {
  const column = (role: PlantRole) => (role === 'owner' ? plant.ownerId : plant.installerId);
  return {
    async accountByUsername(username: string) {
      const [row] = await db
        .select({ id: account.id, username: account.username, email: account.email, access: account.access, language: account.language })
        .from(account)
        .where(sql`lower(${account.username}) = lower(${username})`);
      return row;
    },

    /** The plants (not deleted) an account holds in a role. */
    countPlants: (accountId: number, role: PlantRole) => db.$count(plant, and(eq(column(role), accountId), isNull(plant.deletedAt))),

    /** The plant (not deleted) of `plantId` if the account holds it in the role: a site migration's. */
    async heldPlant(accountId: number, role: PlantRole, plantId: number) {
      const [row] = await db
        .select({ name: plant.name })
        .from(plant)
        .where(and(eq(plant.id, plantId), eq(column(role), accountId), isNull(plant.deletedAt)));
      return row;
    },

    /** The plants an account holds in a role, by name (part of it), at most 50: a site migration chooses one. */
    plantsHeld: (accountId: number, role: PlantRole, name: string | undefined) =>
      db
        .select({ id: plant.id, name: plant.name })
        .from(plant)
        .where(and(eq(column(role), accountId), isNull(plant.deletedAt), name ? contains(plant.name, name) : undefined))
        .orderBy(plant.name, plant.id)
        .limit(50),

    async insertCode(row: { sourceId: number; targetId: number; codeHash: Buffer; createdBy: number; expiresAt: Date }) {
      await db.insert(accountMigrationCode).values(row);
    },

    /** The newest unused code of a pair: only it counts. */
    async latestCode(sourceId: number, targetId: number) {
      const [row] = await db
        .select()
        .from(accountMigrationCode)
        .where(
          and(
            eq(accountMigrationCode.sourceId, sourceId),
            eq(accountMigrationCode.targetId, targetId),
            isNull(accountMigrationCode.usedAt),
          ),
        )
        .orderBy(desc(accountMigrationCode.createdAt), desc(accountMigrationCode.id))
        .limit(1);
      return row;
    },

    async countAttempt(id: number) {
      await db
        .update(accountMigrationCode)
        .set({ attempts: sql`${accountMigrationCode.attempts} + 1` })
        .where(eq(accountMigrationCode.id, id));
    },

    /** Marks a code used; false when another request used it first. */
    async useCode(id: number) {
      const rows = await db
        .update(accountMigrationCode)
        .set({ usedAt: sql`now()` })
        .where(and(eq(accountMigrationCode.id, id), isNull(accountMigrationCode.usedAt)))
        .returning({ id: accountMigrationCode.id });
      return rows.length === 1;
    },

    /**
     * Gives every plant of the source in the role (or the one of `plantId`) to the target; answers the plants' ids and
     * how many devices they hold.
     */
    async movePlants(sourceId: number, targetId: number, role: PlantRole, plantId?: number) {
      const moved = await db
        .update(plant)
        .set({ [role === 'owner' ? 'ownerId' : 'installerId']: targetId, updatedAt: sql`now()` })
        .where(and(eq(column(role), sourceId), isNull(plant.deletedAt), plantId ? eq(plant.id, plantId) : undefined))
        .returning({ id: plant.id });
      const plantIds = moved.map((row) => row.id);
      const [count] = await selectRows<{ devices: string }>(
        db,
        sql`select count(*) as devices from ${device} where ${device.plantId} = any(${sql.param(plantIds)}::bigint[])`,
      );
      return { plantIds, deviceCount: Number(count?.devices ?? 0) };
    },

    async insertMigration(row: {
      sourceId: number;
      targetId: number;
      plantId: number | null;
      plantCount: number;
      deviceCount: number;
      operatorId: number;
    }) {
      const [inserted] = await db.insert(accountMigration).values(row).returning({ id: accountMigration.id });
      return (inserted as { id: number }).id;
    },

    /** Migrations done, newest first, optionally those whose source or target name holds `username`. */
    async list(username: string | undefined, page: Page) {
      const source = alias(account, 'source');
      const target = alias(account, 'target');
      const operator = alias(account, 'operator');
      const named = username ? db.select({ id: account.id }).from(account).where(contains(account.username, username)) : undefined;
      const where = named ? or(inArray(accountMigration.sourceId, named), inArray(accountMigration.targetId, named)) : undefined;
      const rows = await db
        .select({
          id: accountMigration.id,
          source: source.username,
          target: target.username,
          plant: plant.name,
          plantCount: accountMigration.plantCount,
          deviceCount: accountMigration.deviceCount,
          operator: operator.username,
          createdAt: accountMigration.createdAt,
        })
        .from(accountMigration)
        .innerJoin(source, eq(source.id, accountMigration.sourceId))
        .innerJoin(target, eq(target.id, accountMigration.targetId))
        .innerJoin(operator, eq(operator.id, accountMigration.operatorId))
        .leftJoin(plant, eq(plant.id, accountMigration.plantId))
        .where(where)
        .orderBy(desc(accountMigration.createdAt), desc(accountMigration.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total: await db.$count(accountMigration, where), rows };
    },
  };
}
export type AccountMigrationRepo = ReturnType<typeof createAccountMigrationRepo>;
