import { Errno, type ModuleListBody } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { Dynsec, DynsecSession } from '../broker/mosquittoDynsec.ts';
import type { DataloggerLabels } from './checkCode.ts';
import type { DataloggerRepo } from './repo.ts';
import { hashDeviceSecret, newDeviceSecret } from './secret.ts';
import { isDataloggerSn, readDataloggerSheet } from './spreadsheet.ts';

/**
 * Dataloggers and their MQTT secrets. With an external broker (`dynsec`), every change of who may
 * connect is made there too, on a connection opened before the database is touched: an unreachable
 * broker answers `brokerUnavailable` and changes nothing. A registration is provisioned last in its
 * transaction (its primary key settles two registrations of one SN), so a broker failure takes it
 * back; a deletion locks the datalogger out of the broker first, reversibly.
 */
export function createDataloggerService(deps: {
  dataloggers: DataloggerRepo;
  audit: AuditService;
  transaction: Transaction;
  /** The check code printed beside the SN on each label (checkCode.ts). */
  labels: DataloggerLabels;
  dynsec?: Dynsec;
  log: { warn(message: string): void };
}) {
  const { dataloggers, audit, transaction, labels, dynsec } = deps;

  async function withBroker<T>(work: (broker: DynsecSession | undefined) => Promise<T>): Promise<T> {
    const broker = await dynsec?.open();
    try {
      return await work(broker);
    } finally {
      broker?.close();
    }
  }

  return {
    /** Registers a datalogger and answers its MQTT secret, once; only the hash is kept (protocol.md). */
    async register(session: Session, client: ClientInfo, sn: string) {
      requirePermission(session, 'datalogger.import');
      const secret = newDeviceSecret();
      await withBroker((broker) =>
        transaction(async () => {
          const created = await dataloggers.insert({
            sn,
            secretHash: hashDeviceSecret(secret),
            organisationId: organisationIdOf(session),
            registeredBy: session.accountId,
          });
          if (!created) throw new AppError(Errno.snExists);
          await audit.record(session, client, { action: 'datalogger.register', objectType: 'datalogger', objectId: sn });
          await broker?.provision([{ sn, secret }]);
        }),
      );
      return { sn, secret, checkCode: await labels.codeOf(sn) };
    },

    /**
     * Registers every datalogger of a spreadsheet, or none: each bad row is reported with its
     * reason (not 15 digits, twice in the file, already registered) and nothing is written.
     */
    async import(session: Session, client: ClientInfo, file: Buffer) {
      requirePermission(session, 'datalogger.import');
      const sheet = await readDataloggerSheet(file);
      if ('problem' in sheet) throw new AppError(Errno.bodyInvalid, [{ path: 'file', message: sheet.problem }]);
      const issues: { path: string; message: string }[] = [];
      const firstRow = new Map<string, number>();
      for (const { row, sn } of sheet.rows) {
        if (!isDataloggerSn(sn)) issues.push({ path: `rows.${row}`, message: 'validation.dataloggerSn' });
        else if (firstRow.has(sn)) issues.push({ path: `rows.${row}`, message: 'import.duplicate' });
        else firstRow.set(sn, row);
      }
      for (const sn of await dataloggers.existing([...firstRow.keys()])) {
        issues.push({ path: `rows.${firstRow.get(sn)}`, message: 'import.exists' });
      }
      if (issues.length > 0) {
        issues.sort((a, b) => Number(a.path.slice(5)) - Number(b.path.slice(5)));
        throw new AppError(Errno.bodyInvalid, issues);
      }
      const secrets = await Promise.all(
        [...firstRow.keys()].map(async (sn) => ({ sn, secret: newDeviceSecret(), checkCode: await labels.codeOf(sn) })),
      );
      const organisationId = organisationIdOf(session);
      await withBroker((broker) =>
        transaction(async () => {
          const inserted = await dataloggers.insertAll(
            secrets.map(({ sn, secret }) => ({
              sn,
              secretHash: hashDeviceSecret(secret),
              organisationId,
              registeredBy: session.accountId,
            })),
          );
          // Another import registered some of them meanwhile.
          if (!inserted) throw new AppError(Errno.snExists);
          await audit.record(session, client, {
            action: 'datalogger.import',
            objectType: 'datalogger',
            objectId: `${secrets.length} dataloggers`,
            after: { count: secrets.length },
          });
          await broker?.provision(secrets.map(({ sn, secret }) => ({ sn, secret })));
        }),
      );
      return { imported: secrets.length, secrets };
    },

    async list(session: Session, filters: ModuleListBody) {
      const { total, rows } = await dataloggers.list(session, filters);
      // Label data is for whoever registers dataloggers (and prints their labels).
      const showsLabels = session.permissions.includes('datalogger.import');
      return {
        total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        dataloggers: await Promise.all(
          rows.map(async ({ logger, plantName }) => ({
            sn: logger.sn,
            plantId: logger.plantId,
            plantName: plantName ?? '',
            createdAt: logger.createdAt.getTime(),
            boundAt: logger.boundAt?.getTime() ?? null,
            checkCode: showsLabels ? await labels.codeOf(logger.sn) : null,
            online: logger.online,
            statusAt: logger.statusAt?.getTime() ?? null,
            firmware: logger.firmware,
            signal: logger.signal,
          })),
        ),
      };
    },

    /** Deletes a registered datalogger that no plant holds (switch datalogger.delete), with the devices it reported. */
    async delete(session: Session, client: ClientInfo, sn: string) {
      requirePermission(session, 'datalogger.delete');
      const before = await dataloggers.findVisible(session, sn);
      if (!before) throw notFound();
      if (before.plantId !== null) throw new AppError(Errno.dataloggerBound);
      const devices = await dataloggers.deviceSns(sn);
      await withBroker(async (broker) => {
        await broker?.disable([sn]);
        const deleted = await transaction(async () => {
          if (!(await dataloggers.deleteUnbound(session, sn))) return false;
          await audit.record(session, client, {
            action: 'datalogger.delete',
            objectType: 'datalogger',
            objectId: sn,
            before: { organisationId: before.organisationId, registeredAt: before.createdAt, devices },
          });
          return true;
        }).catch(async (error: unknown) => {
          await broker?.enable([sn]);
          throw error;
        });
        if (!deleted) {
          await broker?.enable([sn]);
          // Bound meanwhile: the same answer as above.
          throw new AppError(Errno.dataloggerBound);
        }
        // Should this fail, the client stays disabled: it cannot connect, and a new registration takes it over.
        await broker
          ?.remove([sn])
          .catch((error: Error) => deps.log.warn(`mosquitto client of deleted datalogger ${sn} left disabled: ${error.message}`));
      });
    },

    async unbind(session: Session, client: ClientInfo, sn: string) {
      requirePermission(session, 'datalogger.unbind');
      return transaction(async () => {
        const before = await dataloggers.findVisible(session, sn);
        if (!before) throw notFound();
        if (!(await dataloggers.unbind(session, sn))) throw notFound();
        await audit.record(session, client, {
          action: 'datalogger.unbind',
          objectType: 'datalogger',
          objectId: sn,
          before: { plantId: before.plantId },
        });
      });
    },
  };
}
export type DataloggerService = ReturnType<typeof createDataloggerService>;
