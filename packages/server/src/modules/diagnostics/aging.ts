import {
  AGING_SERIES_POINTS,
  type AgingAlarmListBody,
  type AgingDeviceDetail,
  type AgingRunCreateBody,
  type AgingRunDetail,
  Errno,
  type Language,
} from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf } from '../../core/permissions.ts';
import { offsetOf } from '../../db/page.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type Sheet, utcText, zonedText } from '../../http/xlsx.ts';
import type { AuditService } from '../audit/service.ts';
import type { AgingJudgement, AgingReading, AgingRepo } from './agingRepo.ts';
import { LOG_LABELS } from './labels.ts';

/** The criteria of a run. */
export interface AgingCriteria {
  outputKw: number;
  tolerancePct: number;
  maxTemperature: number;
}

/**
 * A device's judgement from what it reported so far: a fault raised or a temperature above the limit fails it at once;
 * the mean output is judged when the run has ended, as is a device that reported nothing.
 */
export function judge(reading: AgingReading, criteria: AgingCriteria, ended: boolean): AgingJudgement {
  if (reading.faultCode !== null) return { status: 'fail', reason: 'fault', reasonValue: reading.faultCode };
  if (reading.maxTemperature !== null && reading.maxTemperature > criteria.maxTemperature)
    return { status: 'fail', reason: 'temperature', reasonValue: reading.maxTemperature };
  if (!ended) return { status: reading.samples === 0 ? 'waiting' : 'running', reason: null, reasonValue: null };
  if (reading.samples === 0 || reading.meanOutput === null) return { status: 'fail', reason: 'noData', reasonValue: null };
  if (Math.abs(reading.meanOutput - criteria.outputKw) > (criteria.outputKw * criteria.tolerancePct) / 100)
    return { status: 'fail', reason: 'output', reasonValue: reading.meanOutput };
  return { status: 'pass', reason: null, reasonValue: null };
}

const ms = (at: Date | null) => at?.getTime() ?? null;

/**
 * Ageing (burn-in, issue 24): runs of inverters on the factory's rack, judged by the ageing job from the devices'
 * own telemetry and alarms; the live status, the ageing alarms, the report and an inverter's curves over its run.
 * A run of another branch answers like a missing one.
 */
export function createAgingService(deps: { repo: AgingRepo; audit: AuditService; transaction: Transaction; now: () => number }) {
  const { repo, audit, transaction, now } = deps;

  const summary = <T extends { startedAt: Date; endsAt: Date }>(run: T) => ({
    ...run,
    startedAt: run.startedAt.getTime(),
    endsAt: run.endsAt.getTime(),
  });

  async function runOf(session: Session, id: number) {
    const run = await repo.run(session, id);
    if (!run) throw notFound();
    return run;
  }

  type DeviceRow = Awaited<ReturnType<AgingRepo['runDevices']>>[number];
  const judgement = (row: DeviceRow) => ({
    sn: row.sn,
    plantName: row.plantName,
    timeZone: row.timeZone,
    status: row.status,
    reason: row.reason,
    reasonValue: row.reasonValue,
    samples: row.samples,
    maxTemperature: row.maxTemperature,
    meanOutput: row.meanOutput,
    judgedAt: ms(row.judgedAt),
  });

  return {
    async create(session: Session, client: ClientInfo, body: AgingRunCreateBody) {
      const sns = [...new Set(body.sns)];
      return transaction(async () => {
        // An ageing rack is the manufacturer's own: devices are named by SN, each must exist (255 sees every device).
        const devices = await repo.devices(sns);
        if (devices.length < sns.length) throw notFound();
        if (devices.some((device) => device.type !== 'inverter')) throw new AppError(Errno.notAnInverter);
        const startedAt = now();
        const criteria = { outputKw: body.outputKw, tolerancePct: body.tolerancePct, maxTemperature: body.maxTemperature };
        const id = await repo.insertRun(
          {
            organisationId: organisationIdOf(session),
            name: body.name,
            startedAt: new Date(startedAt),
            endsAt: new Date(startedAt + body.durationMinutes * 60_000),
            ...criteria,
            state: 'running',
            createdBy: session.accountId,
          },
          sns,
        );
        await audit.record(session, client, {
          action: 'aging.create',
          objectType: 'agingRun',
          objectId: String(id),
          after: { name: body.name, sns, durationMinutes: body.durationMinutes, ...criteria },
        });
        return { id };
      });
    },

    async list(session: Session, page: { currentPage: number; pageSize: number }) {
      const { total, runs } = await repo.runs(session, page);
      return { total, runs: runs.map(summary) };
    },

    async detail(session: Session, id: number): Promise<AgingRunDetail> {
      const run = await runOf(session, id);
      const devices = await repo.runDevices(run.id);
      return {
        ...summary(run),
        devices: devices.map((row) => ({
          ...judgement(row),
          latest:
            row.latestAt === null
              ? null
              : { ts: row.latestAt.getTime(), output: row.latestOutput ?? null, temperature: row.latestTemperature ?? null },
        })),
      };
    },

    async alarms(session: Session, filters: AgingAlarmListBody) {
      if (filters.runId !== undefined) await runOf(session, filters.runId);
      return repo.alarms(session, { runId: filters.runId, limit: filters.pageSize, offset: offsetOf(filters) });
    },

    async device(session: Session, query: { runId: number; sn: string }): Promise<AgingDeviceDetail> {
      const run = await runOf(session, query.runId);
      const [row] = await repo.runDevices(run.id, query.sn);
      if (!row) throw notFound();
      const until = new Date(Math.min(now(), run.endsAt.getTime()));
      const series = await repo.series(row.deviceId, run.startedAt, until, AGING_SERIES_POINTS);
      const { alarms } = await repo.alarms(session, { runId: run.id, deviceSn: row.sn, limit: 100, offset: 0 });
      const { counts: _counts, ...rest } = summary(run);
      return {
        run: rest,
        ...judgement(row),
        series: series.map((point) => ({
          ts: Number(point.ts),
          output: point.output === null ? null : Number(point.output),
          temperature: point.temperature === null ? null : Number(point.temperature),
        })),
        alarms: alarms.map(({ id, code, severity, raisedAt, clearedAt }) => ({ id, code, severity, raisedAt, clearedAt })),
      };
    },

    /** The run's report as an export's columns and rows in the caller's language: pass or fail per device, the reason. */
    async report(session: Session, id: number, language: Language): Promise<Sheet> {
      const run = await runOf(session, id);
      const labels = LOG_LABELS[language].aging;
      const devices = await repo.runDevices(run.id);
      const reasonText = (row: DeviceRow) => {
        if (row.reason === 'fault') {
          const code = Number(row.reasonValue);
          return `${labels.reasons.fault} ${code} ${faultText(code, language)?.name ?? ''}`.trim();
        }
        if (row.reason === null) return '';
        const value =
          row.reasonValue === null
            ? ''
            : row.reason === 'output'
              ? ` (${row.reasonValue.toFixed(2)} kW)`
              : ` (${row.reasonValue.toFixed(1)} °C)`;
        return `${labels.reasons[row.reason]}${value}`;
      };
      const rows = devices.map((row) => ({
        run: run.name,
        sn: row.sn,
        status: labels.statuses[row.status],
        reason: reasonText(row),
        meanOutput: row.meanOutput === null ? '' : Number(row.meanOutput.toFixed(3)),
        maxTemperature: row.maxTemperature === null ? '' : Number(row.maxTemperature.toFixed(1)),
        samples: row.samples,
        startedAt: zonedText(run.startedAt.getTime(), row.timeZone),
        endsAt: zonedText(run.endsAt.getTime(), row.timeZone),
        timeZone: row.timeZone,
        judgedAt: utcText(ms(row.judgedAt)),
      }));
      const columns = Object.entries(labels.columns).map(([key, header]) => ({ key, header, width: key === 'reason' ? 40 : 18 }));
      return { title: labels.sheet, columns, rows };
    },

    /**
     * The ageing job's pass: judges every device of each running run not yet failed from what it reported up to now
     * (or the run's end), and finishes the runs that ended. Answers false: the next pass waits for the pause.
     */
    async judgeRuns(): Promise<boolean> {
      const at = now();
      for (const run of await repo.runningRuns()) {
        const ended = at >= run.endsAt.getTime();
        const until = new Date(Math.min(at, run.endsAt.getTime()));
        await transaction(async () => {
          for (const reading of await repo.readings(run.id, run.startedAt, until)) {
            await repo.judge(run.id, reading, judge(reading, run, ended), new Date(at));
          }
          if (ended) await repo.finishRun(run.id);
        });
      }
      return false;
    },
  };
}
export type AgingService = ReturnType<typeof createAgingService>;
