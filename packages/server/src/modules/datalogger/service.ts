import { randomBytes } from 'node:crypto';
import { Errno, type ModuleListBody } from '@sunstack/shared';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { organisationIdOf, requirePermission } from '../scope/permissions.ts';
import { hashPassword } from '../session/password.ts';
import type { ClientInfo, Session } from '../session/service.ts';
import type { DataloggerRepo } from './repo.ts';

export function createDataloggerService(deps: { dataloggers: DataloggerRepo; audit: AuditService }) {
  const { dataloggers, audit } = deps;

  return {
    /** Registers a datalogger and answers its MQTT secret, once; only the hash is kept (protocol.md). */
    async register(session: Session, client: ClientInfo, sn: string) {
      requirePermission(session, 'datalogger.import');
      if (await dataloggers.exists(sn)) throw new AppError(Errno.snExists);
      const secret = randomBytes(24).toString('base64url');
      const created = await dataloggers.insert({
        sn,
        secretHash: await hashPassword(secret),
        organisationId: organisationIdOf(session),
        registeredBy: session.accountId,
      });
      if (!created) throw new AppError(Errno.snExists);
      await audit.record(session, client, { action: 'datalogger.register', objectType: 'datalogger', objectId: sn });
      return { sn, secret };
    },

    async list(session: Session, filters: ModuleListBody) {
      const { total, rows } = await dataloggers.list(session, filters);
      return {
        total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        dataloggers: rows.map(({ logger, plantName }) => ({
          sn: logger.sn,
          plantId: logger.plantId,
          plantName: plantName ?? '',
          createdAt: logger.createdAt.getTime(),
          boundAt: logger.boundAt?.getTime() ?? null,
        })),
      };
    },

    async unbind(session: Session, client: ClientInfo, sn: string) {
      requirePermission(session, 'datalogger.unbind');
      const before = await dataloggers.findVisible(session, sn);
      if (!before) throw notFound();
      if (!(await dataloggers.unbind(session, sn))) throw notFound();
      await audit.record(session, client, {
        action: 'datalogger.unbind',
        objectType: 'datalogger',
        objectId: sn,
        before: { plantId: before.plantId },
      });
    },
  };
}
export type DataloggerService = ReturnType<typeof createDataloggerService>;
