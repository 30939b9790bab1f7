import {
  type CleaningBody,
  type CurveDetail,
  Errno,
  HEALTHY,
  type IvPoint,
  type IvTaskCreateBody,
  keyPointsOf,
  type StringConfigBody,
  stringCurve,
} from '@sunstack/shared';
import { z } from 'zod';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import type { Scope } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { CommandService } from '../command/service.ts';
import { diagnose } from './diagnosis.ts';
import type { DiagnosticsRepo, StringResultRow, StringsConfig } from './repo.ts';

/** Scans whose answers are stored per pass of the collect job. */
const COLLECT_BATCH = 200;
/** Below this plane-of-array irradiance (W/m²) a curve is not judged (IEC 61829 asks for far more for STC translation). */
export const MIN_DIAGNOSIS_IRRADIANCE = 100;

/** An `iv.scan` answer as protocol.md gives it; `irradiance` (W/m², plane of array) and `temperature` (cell, °C) where the device measures them. */
const scanAnswer = z.object({
  strings: z
    .array(
      z.object({
        string: z.number().int().min(1).max(32),
        points: z.array(z.tuple([z.number().finite(), z.number().finite()])).max(1000),
        irradiance: z.number().finite().min(0).max(2000).optional(),
        temperature: z.number().finite().min(-50).max(120).optional(),
      }),
    )
    .max(32),
});

/** The curve the configured string should show at these conditions; undefined when the device gave none. */
export function expectedCurve(
  config: StringsConfig,
  string: number,
  irradiance: number | null,
  temperature: number | null,
): IvPoint[] | undefined {
  const layout = config.strings[string - 1];
  if (!layout || irradiance === null || temperature === null) return undefined;
  return stringCurve(
    { module: config.module, groups: [{ count: layout.modules, condition: HEALTHY }], parallel: layout.parallel },
    irradiance,
    temperature,
  );
}

/** Each string of a scan answer, with its key points and its diagnosis against the configured string. */
export function diagnoseScan(config: StringsConfig, answer: unknown): StringResultRow[] | undefined {
  const parsed = scanAnswer.safeParse(answer);
  if (!parsed.success) return undefined;
  return parsed.data.strings.map((measured) => {
    // Points in rising voltage, as the key points and the rules read them.
    const points = [...measured.points].sort((a, b) => a[0] - b[0]) as IvPoint[];
    const irradiance = measured.irradiance ?? null;
    const temperature = measured.temperature ?? null;
    const expected = expectedCurve(config, measured.string, irradiance, temperature);
    const { cause, features } =
      irradiance !== null && irradiance < MIN_DIAGNOSIS_IRRADIANCE
        ? { cause: 'lowLight' as const, features: {} }
        : diagnose(points, expected && { points: expected, irradiance: irradiance as number });
    return {
      string: measured.string,
      points,
      irradiance,
      temperature,
      keyPoints: keyPointsOf(points) ?? null,
      cause,
      features: { ...features },
    };
  });
}

/**
 * I-V curve diagnosis (issue 24): inverters' string configurations, scan tasks (an iv.scan command per
 * configured inverter through the command path, with its operation log entry), the collect job that stores
 * each finished scan's strings with their diagnosis, and the curve detail. Everything the caller does not
 * see answers like something missing.
 */
export function createDiagnosticsService(deps: {
  repo: DiagnosticsRepo;
  commands: Pick<CommandService, 'send'>;
  audit: AuditService;
  transaction: Transaction;
  now: () => number;
}) {
  const { repo, commands, audit, transaction, now } = deps;

  async function inverter(scope: Scope, sn: string) {
    const device = await repo.device(scope, sn);
    if (!device) throw notFound();
    if (device.type !== 'inverter') throw new AppError(Errno.notAnInverter);
    return device;
  }

  /** The devices a task names: each SN must be a visible inverter (else nothing is made); a plant's inverters. */
  async function devicesOf(scope: Scope, body: IvTaskCreateBody) {
    if ('sns' in body) {
      const sns = [...new Set(body.sns)];
      const devices = await repo.devices(scope, sns);
      if (devices.length < sns.length) throw notFound();
      if (devices.some((device) => device.type !== 'inverter')) throw new AppError(Errno.notAnInverter);
      return devices;
    }
    const plantIds = [...new Set(body.plantIds)];
    const { plants, devices } = await repo.invertersOfPlants(scope, plantIds);
    if (plants < plantIds.length) throw notFound();
    return devices;
  }

  return {
    async config(session: Session, sn: string) {
      const device = await inverter(session, sn);
      const { config } = device;
      return {
        sn: device.sn,
        plantName: device.plantName,
        config: config ? { strings: config.strings, module: config.module, updatedAt: config.updatedAt.getTime() } : null,
      };
    },

    async setConfig(session: Session, client: ClientInfo, body: StringConfigBody) {
      requirePermission(session, 'ivCurve.configure');
      await transaction(async () => {
        const device = await inverter(session, body.sn);
        const after = { strings: body.strings.map(({ modules, parallel }) => ({ modules, parallel })), module: body.module };
        await audit.record(session, client, {
          action: 'device.stringConfig',
          objectType: 'device',
          objectId: device.sn,
          before: device.config ? { strings: device.config.strings, module: device.config.module } : undefined,
          after,
        });
        await repo.saveConfig(device.sn, after, session.accountId, new Date(now()));
      });
    },

    /**
     * A scan of each configured inverter; the unconfigured are listed on the task and in the answer. A task
     * where none is configured is refused (42250), nothing made.
     */
    async createTask(session: Session, client: ClientInfo, body: IvTaskCreateBody) {
      return transaction(async () => {
        const devices = await devicesOf(session, body);
        const configured = devices.filter((device) => device.config);
        const unconfigured = devices.filter((device) => !device.config).map((device) => device.sn);
        if (configured.length === 0) throw new AppError(Errno.stringsNotConfigured);
        const taskId = await repo.insertTask(organisationIdOf(session), session.accountId, new Date(now()));
        const scans = [];
        for (const device of configured) {
          const { commandId } = await commands.send(session, client, device.sn, 'iv.scan', {});
          const config = device.config as NonNullable<typeof device.config>;
          scans.push({
            taskId,
            deviceSn: device.sn,
            commandId,
            config: { strings: config.strings, module: config.module },
            state: 'scanning' as const,
          });
        }
        await repo.insertScans([...scans, ...unconfigured.map((deviceSn) => ({ taskId, deviceSn, state: 'unconfigured' as const }))]);
        return { id: taskId, scanning: scans.length, unconfigured };
      });
    },

    async tasks(session: Session, page: { currentPage: number; pageSize: number }) {
      const { total, tasks } = await repo.tasks(session, page);
      return { total, tasks: tasks.map((task) => ({ ...task, createdAt: task.createdAt.getTime() })) };
    },

    async task(session: Session, id: number) {
      // One snapshot: a scan that finishes between the reads would otherwise leave the counts behind the scans.
      const { task, scans, strings } = await transaction(
        async () => {
          const task = await repo.task(session, id);
          if (!task) throw notFound();
          const scans = await repo.scansOfTask(session, id);
          return { task, scans, strings: await repo.stringsOf(scans.map((scan) => scan.id)) };
        },
        { snapshot: true },
      );
      return {
        ...task,
        createdAt: task.createdAt.getTime(),
        scans: scans.map((scan) => ({
          id: scan.id,
          sn: scan.sn,
          plantName: scan.plantName,
          timeZone: scan.timeZone,
          state: scan.state,
          progress: scan.state === 'scanning' ? (scan.progress ?? 0) : null,
          error: scan.error,
          finishedAt: scan.finishedAt?.getTime() ?? null,
          strings: strings
            .filter((row) => Number(row.scan_id) === scan.id)
            .map((row) => ({
              string: row.string,
              cause: row.cause,
              keyPoints: row.key_points,
              cleanedAt: row.cleaned_at === null ? null : Number(row.cleaned_at),
            })),
        })),
      };
    },

    async curveDetail(session: Session, query: { scanId: number; string: number; count: number }): Promise<CurveDetail> {
      const scan = await repo.scan(session, query.scanId);
      if (!scan?.config || !scan.finishedAt) throw notFound();
      const results = await repo.results(scan.id);
      const result = results.find((row) => row.string === query.string);
      if (!result) throw notFound();
      const expected = expectedCurve(scan.config, result.string, result.irradiance, result.temperature);
      const at = scan.finishedAt.getTime();
      const earlier = await repo.earlier(scan.sn, result.string, scan.finishedAt, query.count);
      const cleanedAt = await repo.lastCleaning(scan.sn, result.string);
      return {
        sn: scan.sn,
        plantName: scan.plantName,
        timeZone: scan.timeZone,
        string: result.string,
        at,
        irradiance: result.irradiance,
        temperature: result.temperature,
        measured: result.points,
        keyPoints: result.keyPoints,
        expected: expected ?? null,
        expectedKeyPoints: (expected && keyPointsOf(expected)) ?? null,
        cause: result.cause,
        features: result.features,
        cleanedAt: cleanedAt && cleanedAt.getTime() > at ? cleanedAt.getTime() : null,
        earlier: earlier.map((row) => ({
          scanId: row.scanId,
          string: result.string,
          at: row.at?.getTime() ?? 0,
          points: row.points,
          keyPoints: row.keyPoints,
        })),
        neighbours: results
          .filter((row) => row.string !== result.string)
          .map((row) => ({ scanId: scan.id, string: row.string, at, points: row.points, keyPoints: row.keyPoints, cause: row.cause })),
      };
    },

    async recordCleaning(session: Session, client: ClientInfo, body: CleaningBody) {
      await transaction(async () => {
        const device = await inverter(session, body.sn);
        const at = new Date(body.at ?? now());
        await audit.record(session, client, {
          action: 'device.stringCleaned',
          objectType: 'device',
          objectId: device.sn,
          after: { string: body.string, at: at.getTime() },
        });
        await repo.insertCleaning(device.sn, body.string, at, session.accountId);
      });
    },

    /**
     * Stores the strings of scans whose command finished, with their diagnosis (the collect job; tests and the
     * benchmark call it too). An answer that is not a scan fails the scan. Answers whether more may wait.
     */
    async collect(): Promise<boolean> {
      return transaction(async () => {
        const finished = await repo.finishedScans(COLLECT_BATCH);
        const at = new Date(now());
        for (const scan of finished) {
          if (scan.command_state !== 'done') {
            await repo.finishScan(scan.id, 'failed', scan.error ?? scan.command_state, at, []);
            continue;
          }
          const strings = diagnoseScan(scan.config, scan.result);
          if (!strings) await repo.finishScan(scan.id, 'failed', 'invalid scan answer', at, []);
          else
            await repo.finishScan(
              scan.id,
              'done',
              null,
              at,
              strings.map((row) => ({ ...row, scanId: scan.id })),
            );
        }
        return finished.length === COLLECT_BATCH;
      });
    },
  };
}
export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
