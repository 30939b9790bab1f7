import { accountMigrationCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { AccountMigrationService } from './service.ts';

export function accountMigrationRoutes(app: FastifyInstance, migrations: AccountMigrationService) {
  route(app, accountMigrationCalls.sendCode, (body, request) => migrations.sendCode(sessionOf(request), clientInfo(request), body));
  route(app, accountMigrationCalls.migrate, (body, request) => migrations.migrate(sessionOf(request), clientInfo(request), body));
  route(app, accountMigrationCalls.plants, (body, request) => migrations.plants(sessionOf(request), body));
  route(app, accountMigrationCalls.list, (body, request) => migrations.list(sessionOf(request), body));
}
