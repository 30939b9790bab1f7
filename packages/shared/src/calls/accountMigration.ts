import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { admin: M } = Access;

/** Account migration (spec section 2, after-sales accountMigration 255; switch account.migrate, site.migrate for one plant). */
export const accountMigrationCalls = {
  sendCode: defineCall({
    method: 'POST',
    path: '/c/v0/account/migration/code',
    access: [M],
    body: 'accountMigrationCodeBody',
    answer: 'accountMigrationCodeResult',
    tag: 'accountMigration',
    summary: "Mail a migration code to the target account's holder",
  }),
  migrate: defineCall({
    method: 'POST',
    path: '/c/v0/account/migration/run',
    access: [M],
    body: 'accountMigrationBody',
    answer: 'accountMigrationResult',
    tag: 'accountMigration',
    summary:
      'Move every plant (with its dataloggers and devices) of the source account to the target, or the one plant named: all or nothing',
  }),
  plants: defineCall({
    method: 'POST',
    path: '/c/v0/account/migration/plants',
    access: [M],
    body: 'migrationPlantsBody',
    answer: 'migrationPlantsResult',
    tag: 'accountMigration',
    summary: 'The plants a source account holds, by name (at most 50), to choose the one a site migration moves',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/account/migration/list',
    access: [M],
    body: 'accountMigrationListBody',
    answer: 'accountMigrationListResult',
    tag: 'accountMigration',
    summary: 'Account and site migrations done: source, target, plant, time, count, operator',
  }),
} satisfies Record<string, CallDeclaration>;
