import { Errno, type ModuleListBody } from '@sunstack/shared';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { Dynsec, DynsecSession } from '../broker/mosquittoDynsec.ts';
import { organisationIdOf, requirePermission } from '../scope/permissions.ts';
import type { ClientInfo, Session } from '../session/service.ts';
import type { DataloggerRepo } from './repo.ts';
import { hashDeviceSecret, newDeviceSecret } from './secret.ts';
import { isDataloggerSn, readDataloggerSheet } from './spreadsheet.ts';

/** Runs the broker's part of a change; when it fails, `undo` takes the database's part back first. */
async function undoingOnFailure(brokerPart: Promise<void> | undefined, undo: () => Promise<unknown>) {
  try {
    await brokerPart;
  } catch (error) {
    await undo();
    throw error;
  }
}

/**
 * Dataloggers and their MQTT secrets. With an external broker (`dynsec`), every change of who may
 * connect is made there too, on a connection opened before the database is touched: an unreachable
 * broker answers `brokerUnavailable` and changes nothing. A registration is written to the
 * database first (its primary key settles two registrations of one SN) and taken back if the
 * broker then fails; a deletion locks the datalogger out of the broker first, reversibly.
 */
export function createDataloggerService(deps: {
  dataloggers: DataloggerRepo;
  audit: AuditService;
  dynsec?: Dynsec;
  log: { warn(message: string): void };
}) {
  const { dataloggers, audit, dynsec } = deps;

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
      await withBroker(async (broker) => {
        const created = await dataloggers.insert({
          sn,
          secretHash: hashDeviceSecret(secret),
          organisationId: organisationIdOf(session),
          registeredBy: session.accountId,
        });
        if (!created) throw new AppError(Errno.snExists);
        await undoingOnFailure(broker?.provision([{ sn, secret }]), () => dataloggers.deleteUnbound(session, sn));
      });
      await audit.record(session, client, { action: 'datalogger.register', objectType: 'datalogger', objectId: sn });
      return { sn, secret };
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
      const secrets = [...firstRow.keys()].map((sn) => ({ sn, secret: newDeviceSecret() }));
      const organisationId = organisationIdOf(session);
      await withBroker(async (broker) => {
        const inserted = await dataloggers.insertAll(
          secrets.map(({ sn, secret }) => ({ sn, secretHash: hashDeviceSecret(secret), organisationId, registeredBy: session.accountId })),
        );
        // Another import registered some of them meanwhile: the transaction was rolled back.
        if (!inserted) throw new AppError(Errno.snExists);
        await undoingOnFailure(broker?.provision(secrets), async () => {
          for (const { sn } of secrets) await dataloggers.deleteUnbound(session, sn);
        });
      });
      await audit.record(session, client, {
        action: 'datalogger.import',
        objectType: 'datalogger',
        objectId: `${secrets.length} dataloggers`,
        after: { count: secrets.length },
      });
      return { imported: secrets.length, secrets };
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

    /** Deletes a registered datalogger that no plant holds (switch datalogger.delete), with the devices it reported. */
    async delete(session: Session, client: ClientInfo, sn: string) {
      requirePermission(session, 'datalogger.delete');
      const before = await dataloggers.findVisible(session, sn);
      if (!before) throw notFound();
      if (before.plantId !== null) throw new AppError(Errno.dataloggerBound);
      const devices = await dataloggers.deviceSns(sn);
      await withBroker(async (broker) => {
        await broker?.disable([sn]);
        const deleted = await dataloggers.deleteUnbound(session, sn).catch(async (error: unknown) => {
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
      await audit.record(session, client, {
        action: 'datalogger.delete',
        objectType: 'datalogger',
        objectId: sn,
        before: { organisationId: before.organisationId, registeredAt: before.createdAt, devices },
      });
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
