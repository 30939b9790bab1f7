import { Access, Errno } from '@sunstack/shared';
import { and, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { escapeLike } from '../db/like.ts';
import { account, datalogger, device, deviceGrant, organisation, plant, plantMember } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Session } from './caller.ts';

/**
 * Who sees what (issue 3). Every repository query that reads or changes a plant, datalogger or
 * device adds one of these conditions, so an object outside the caller's scope is simply not
 * found, exactly like one that does not exist.
 *
 * - administrator (255): everything;
 * - distributor (4) and agent (3): everything of their branch (organisations below their own);
 * - installer (2): plants it installed or was granted, dataloggers it registered;
 * - end user (1): plants it owns or that are shared with it;
 * - integrator (10): the devices authorised to it.
 */
export type Scope = Pick<Session, 'accountId' | 'access' | 'organisationPath'>;

const isBranchManager = (scope: Scope) => scope.access === Access.distributor || scope.access === Access.agent;

/** An organisation path (of an organisation, or recorded with a log entry) within the branch at `branchPath`: that organisation or one below it. */
export const pathWithin = (path: PgColumn | SQL, branchPath: string): SQL => sql`${path} like ${`${escapeLike(branchPath)}%`}`;

/** Organisations of the branch at `branchPath` (its own and every one below). */
export function branchOrganisations(db: Db, branchPath: string) {
  return db.select({ id: organisation.id }).from(organisation).where(pathWithin(organisation.path, branchPath));
}

const branch = (db: Db, scope: Scope) => branchOrganisations(db, scope.organisationPath);

/**
 * An object the caller is about to change, as its repository found it in scope: missing or out of
 * scope answers 40404, exactly like one that never existed; seen but read-only (a share) 40300.
 */
export function changeable<T extends { writable: boolean }>(row: T | undefined): T {
  if (!row) throw notFound();
  if (!row.writable) throw new AppError(Errno.noPermission);
  return row;
}

function memberOf(db: Db, scope: Scope, role?: 'installer') {
  return exists(
    db
      .select({ one: sql`1` })
      .from(plantMember)
      .where(
        and(eq(plantMember.plantId, plant.id), eq(plantMember.accountId, scope.accountId), role ? eq(plantMember.role, role) : undefined),
      ),
  );
}

/** Plants the caller may see. */
export function plantVisible(db: Db, scope: Scope): SQL {
  const live = isNull(plant.deletedAt);
  if (scope.access === Access.admin) return live;
  if (isBranchManager(scope)) return and(live, inArray(plant.organisationId, branch(db, scope))) as SQL;
  if (scope.access === Access.installer) return and(live, or(eq(plant.installerId, scope.accountId), memberOf(db, scope))) as SQL;
  if (scope.access === Access.endUser) return and(live, or(eq(plant.ownerId, scope.accountId), memberOf(db, scope))) as SQL;
  return sql`false`;
}

/** Plants the caller may change: those it sees, but never through a read-only share. */
export function plantWritable(db: Db, scope: Scope): SQL {
  const live = isNull(plant.deletedAt);
  if (scope.access === Access.installer)
    return and(live, or(eq(plant.installerId, scope.accountId), memberOf(db, scope, 'installer'))) as SQL;
  if (scope.access === Access.endUser) return and(live, eq(plant.ownerId, scope.accountId)) as SQL;
  return plantVisible(db, scope);
}

/** Dataloggers the caller may see: those of plants it sees, and the unbound ones its branch or itself registered. */
export function dataloggerVisible(db: Db, scope: Scope): SQL {
  if (scope.access === Access.admin) return sql`true`;
  const ofVisiblePlant = inArray(datalogger.plantId, db.select({ id: plant.id }).from(plant).where(plantVisible(db, scope)));
  if (isBranchManager(scope)) return or(inArray(datalogger.organisationId, branch(db, scope)), ofVisiblePlant) as SQL;
  if (scope.access === Access.installer) return or(eq(datalogger.registeredBy, scope.accountId), ofVisiblePlant) as SQL;
  return ofVisiblePlant;
}

/**
 * Devices the caller may operate (send commands to): the devices of plants it may change; an
 * integrator those authorised to it with control; administrators every one.
 */
export function deviceControllable(db: Db, scope: Scope): SQL {
  if (scope.access === Access.admin) return sql`true`;
  if (scope.access === Access.integrator) {
    return exists(
      db
        .select({ one: sql`1` })
        .from(deviceGrant)
        .where(and(eq(deviceGrant.deviceSn, device.sn), eq(deviceGrant.integratorId, scope.accountId), eq(deviceGrant.canControl, true))),
    );
  }
  return inArray(device.plantId, db.select({ id: plant.id }).from(plant).where(plantWritable(db, scope)));
}

/** Devices the caller may see: those of plants it sees, of dataloggers it sees, or authorised to it (integrator). */
export function deviceVisible(db: Db, scope: Scope): SQL {
  if (scope.access === Access.admin) return sql`true`;
  if (scope.access === Access.integrator) {
    return exists(
      db
        .select({ one: sql`1` })
        .from(deviceGrant)
        .where(and(eq(deviceGrant.deviceSn, device.sn), eq(deviceGrant.integratorId, scope.accountId))),
    );
  }
  return inArray(device.dataloggerSn, db.select({ sn: datalogger.sn }).from(datalogger).where(dataloggerVisible(db, scope)));
}

/** Accounts the caller may see in user management: administrators all, branch managers those of their branch. */
export function accountVisible(db: Db, scope: Scope): SQL {
  if (scope.access === Access.admin) return sql`true`;
  if (isBranchManager(scope)) return inArray(account.organisationId, branch(db, scope));
  return sql`false`;
}

/** Organisations of the caller's branch: administrators all. */
export function organisationInBranch(scope: Scope): SQL {
  if (scope.access === Access.admin) return sql`true`;
  if (isBranchManager(scope)) return pathWithin(organisation.path, scope.organisationPath);
  return sql`false`;
}
