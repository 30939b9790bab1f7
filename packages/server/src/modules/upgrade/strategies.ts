import {
  Access,
  Errno,
  inventoryKeyOf,
  type StrategyCreateBody,
  type StrategyLimits,
  type StrategyListBody,
  type StrategyStatus,
  type UpgradeStrategy,
  type UpgradeTask,
} from '@sunstack/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { createJobLoop } from '../../core/jobLoop.ts';
import { requirePermission } from '../../core/permissions.ts';
import type { PlatformLog } from '../../core/platformLog.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { answersOf } from '../command/service.ts';
import type { MailService } from '../mail/service.ts';
import { languageOf } from '../mail/templates.ts';
import type { UpgradeRepo } from './repo.ts';
import { finishedOf, type UpgradeService } from './service.ts';
import type { StrategyRepo, StrategyRow } from './strategyRepo.ts';

/** How often the strategy job looks at the running strategies. */
const STRATEGY_PASS_MS = 1_000;
/** A failure share means nothing over fewer finished devices than this (AWS IoT Jobs' minimum executed things). */
export const MIN_FINISHED_FOR_ABORT = 10;
/** The job's own address in the operation log. */
const JOB_CLIENT: ClientInfo = { ip: '', userAgent: 'strategy job' };

/** Whether `at` (UTC) is inside the daily window start-end (which may cross midnight); no window is all day. */
export function inTriggerWindow(at: number, start: string | null, end: string | null): boolean {
  if (!start || !end) return true;
  const minute = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const date = new Date(at);
  const now = date.getUTCHours() * 60 + date.getUTCMinutes();
  const [from, to] = [minute(start), minute(end)];
  return from <= to ? now >= from && now < to : now >= from || now < to;
}

/** Whether a device passes a strategy's own limits: its SN's beginning, the version it runs, its plant's country (an empty list: any). */
export function withinLimits(limits: StrategyLimits, sn: string, version: string | null, country: string): boolean {
  const upper = sn.toUpperCase();
  return (
    (limits.snPrefixes.length === 0 || limits.snPrefixes.some((prefix) => upper.startsWith(prefix.toUpperCase()))) &&
    (limits.fromVersions.length === 0 || (version !== null && limits.fromVersions.includes(version))) &&
    (limits.countries.length === 0 || limits.countries.includes(country.toUpperCase()))
  );
}

/** The wave of each of `count` devices (in SN order) for cumulative shares such as [1, 10, 100]. */
export function wavesOf(count: number, shares: number[]): number[] {
  const ends = shares.map((share) => Math.max(1, Math.ceil((share / 100) * count)));
  return Array.from({ length: count }, (_, index) => ends.findIndex((end) => index < end));
}

/**
 * Strategy upgrades (issue 20; hawkBit's rollout groups and thresholds, AWS IoT Jobs' abort criteria and rate, Mender's
 * phases and retries): a task whose devices wait in waves; its checker approves it; the job then sends the waves so far
 * at the strategy's rate within its UTC window and validity, only to connected dataloggers (a device offline in its wave
 * is sent when it returns), retries failed devices, starts the next wave once the waves so far have settled and met the
 * success threshold, and aborts
 * everything (withdrawing what is not sent yet) once the failure threshold is; pause holds back what is not sent.
 */
export function createStrategyService(deps: {
  strategies: StrategyRepo;
  upgrades: UpgradeRepo;
  service: UpgradeService;
  audit: AuditService;
  mail: MailService;
  transaction: Transaction;
  now: () => number;
  log: FastifyBaseLogger;
  platformLog: PlatformLog;
}) {
  const { strategies, upgrades, service, audit, mail, transaction, now, log, platformLog } = deps;

  async function present(row: NonNullable<Awaited<ReturnType<StrategyRepo['find']>>>, session: Session): Promise<UpgradeStrategy> {
    const { strategy } = row;
    const task = (await service.task(session, strategy.taskId)) as UpgradeTask;
    return {
      id: strategy.id,
      name: row.name,
      purpose: strategy.purpose,
      task,
      mode: strategy.mode,
      status: strategy.status,
      statusReason: strategy.statusReason,
      waves: strategy.waves,
      currentWave: strategy.currentWave,
      successThreshold: strategy.successThreshold,
      failureThreshold: strategy.failureThreshold,
      retries: strategy.retries,
      retryMinutes: strategy.retryMinutes,
      ratePerMinute: strategy.ratePerMinute,
      triggerStart: strategy.triggerStart,
      triggerEnd: strategy.triggerEnd,
      trigger: strategy.trigger,
      triggerVersion: strategy.triggerVersion,
      limits: strategy.limits,
      validFrom: strategy.validFrom.getTime(),
      validTo: strategy.validTo.getTime(),
      executor: row.executor,
      checker: row.checker,
      approvedAt: strategy.approvedAt?.getTime() ?? null,
      approvable: strategy.status === 'waiting' && strategy.checkerId === session.accountId,
    };
  }

  async function visible(id: number) {
    const row = await strategies.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** Withdraws the commands of the strategy's devices not sent yet (their answers into their entries); answers their ids. */
  async function withdraw(strategy: Pick<StrategyRow, 'taskId'>) {
    const withdrawn = await upgrades.withdraw({ taskIds: [strategy.taskId] }, new Date(now()));
    await audit.addAnswers(answersOf(withdrawn.map(finishedOf)));
    return withdrawn.map((row) => row.id);
  }

  /** A change of a strategy's status by a caller, from the statuses it may come from, with its entry. */
  async function move(
    session: Session,
    client: ClientInfo,
    id: number,
    from: StrategyStatus[],
    to: StrategyStatus,
    extra: Partial<StrategyRow> = {},
  ) {
    requirePermission(session, 'strategy.upgrade');
    return transaction(async () => {
      const { strategy } = await visible(id);
      if (!(await strategies.setStatus(id, from, { status: to, ...extra }))) throw new AppError(Errno.strategyNotInState);
      if (to === 'paused') await strategies.unsend(await withdraw(strategy));
      if (to === 'cancelled') await withdraw(strategy);
      await audit.record(session, client, {
        action: `strategy.${to}`,
        objectType: 'upgrade',
        objectId: strategy.taskId,
        before: { status: strategy.status },
        after: { status: to },
      });
      return {};
    });
  }

  /** One strategy's pass: expiry, abort, next wave, completion, then what is due within the rate limit. */
  async function advance(strategy: StrategyRow) {
    const at = now();
    const actorRow = await strategies.actor(strategy.checkerId);
    const stop = async (status: StrategyStatus, reason: string) => {
      await strategies.setStatus(strategy.id, ['inProgress'], { status, statusReason: reason });
      await withdraw(strategy);
      log.info({ strategy: strategy.id, status, reason }, 'strategy stopped');
    };
    if (at > strategy.validTo.getTime()) return stop('expired', 'validity ended');
    const progress = await strategies.progress(strategy);
    const finished = progress.done + progress.failed;
    if (finished >= MIN_FINISHED_FOR_ABORT && progress.failed * 100 >= strategy.failureThreshold * finished)
      return stop('aborted', `${progress.failed} of ${finished} finished devices failed`);
    let { currentWave } = strategy;
    const lastWave = strategy.waves.length - 1;
    // The next wave waits for the waves so far to settle (retries included), so their failures count before it starts;
    // a device whose datalogger is offline (nothing sent yet) does not hold it up.
    if (currentWave < lastWave && progress.pending === 0 && progress.done * 100 >= strategy.successThreshold * progress.opened)
      currentWave += 1;
    else if (currentWave === lastWave && progress.unfinished === 0) {
      await strategies.setStatus(strategy.id, ['inProgress'], { status: 'completed', statusReason: null });
      return;
    }
    const windowFresh = strategy.windowStart && at - strategy.windowStart.getTime() < 60_000;
    const sentInWindow = windowFresh ? strategy.windowSent : 0;
    const open = at >= strategy.validFrom.getTime() && inTriggerWindow(at, strategy.triggerStart, strategy.triggerEnd);
    const image = open && actorRow ? await upgrades.imageOfTask(strategy.taskId) : undefined;
    if (open && actorRow && !image) return stop('cancelled', 'firmware deleted');
    // Trigger "reports a version": the inventory's version of the firmware's part must be that one.
    const reports =
      strategy.trigger === 'version' && image
        ? { key: inventoryKeyOf(image.firmwareType), version: strategy.triggerVersion ?? '' }
        : undefined;
    const due = image
      ? await strategies.due({ ...strategy, currentWave }, strategy.ratePerMinute - sentInWindow, new Date(at), reports)
      : [];
    if (due.length > 0 && actorRow && image) {
      // The checker approved the sending: its entries name it.
      const actor: Session = {
        accountId: actorRow.id,
        access: Access.admin,
        organisationPath: actorRow.path,
        tokenHash: Buffer.alloc(0),
        permissions: [],
        permissionGroupId: null,
        passwordChangeRequired: false,
      };
      await service.send(actor, JOB_CLIENT, strategy.taskId, image, due);
    }
    await strategies.setStatus(strategy.id, ['inProgress'], {
      currentWave,
      windowStart: windowFresh ? strategy.windowStart : new Date(at),
      windowSent: sentInWindow + due.length,
    });
  }

  const loop = createJobLoop(
    async () => {
      await transaction(async () => {
        for (const strategy of await strategies.claimRunning()) await advance(strategy);
      });
      return false;
    },
    { idleMs: STRATEGY_PASS_MS, onError: platformLog.jobFailed('strategy pass failed') },
  );

  return {
    job: (signal: AbortSignal) => loop.run(signal),

    async create(session: Session, client: ClientInfo, body: StrategyCreateBody) {
      requirePermission(session, 'strategy.upgrade');
      const checker = await strategies.administrator(body.checker);
      if (!checker || checker.access !== Access.admin || checker.id === session.accountId)
        throw new AppError(Errno.bodyInvalid, [{ path: 'body.checker', message: 'strategy.checkerInvalid' }]);
      const sns = [...new Set(body.sns)];
      return transaction(async () => {
        const { image, candidates, refused, devices } = await service.plan(session, body.firmwareId, sns);
        const countryOf = new Map(candidates.map((candidate) => [candidate.sn, candidate.country]));
        for (const row of devices)
          if (!row.skipReason && !withinLimits(body.limits, row.deviceSn, row.preVersion, countryOf.get(row.deviceSn) ?? ''))
            row.skipReason = 'strategyLimits';
        const taskId = await service.insertTask(session, body.name, image);
        const sendable = devices.filter((row) => !row.skipReason).sort((a, b) => a.deviceSn.localeCompare(b.deviceSn));
        const waves = wavesOf(sendable.length, body.waves);
        sendable.forEach((row, index) => {
          row.wave = waves[index] ?? 0;
        });
        await upgrades.insertDevices(taskId, devices);
        const id = await strategies.insert({
          taskId,
          purpose: body.purpose,
          mode: body.mode,
          status: body.mode === 'implement' ? 'waiting' : body.mode,
          waves: body.waves,
          successThreshold: body.successThreshold,
          failureThreshold: body.failureThreshold,
          retries: body.retries,
          retryMinutes: body.retryMinutes,
          ratePerMinute: body.ratePerMinute,
          triggerStart: body.triggerStart ?? null,
          triggerEnd: body.triggerEnd ?? null,
          trigger: body.trigger,
          triggerVersion: body.trigger === 'version' ? (body.triggerVersion ?? null) : null,
          limits: body.limits,
          validFrom: new Date(body.validFrom),
          validTo: new Date(body.validTo),
          checkerId: checker.id,
        });
        // Notice only: nothing is sent; the owners of the devices it would upgrade are told, in the same unit of work.
        const owners = body.mode === 'notice' ? await strategies.owners(sendable.map((row) => row.deviceSn)) : [];
        for (const owner of owners) {
          await mail.send(owner.email, 'firmwareNotice', languageOf(owner.language), {
            version: image.version,
            firmware: image.name,
            devices: owner.sns.join('\n'),
            purpose: body.purpose,
          });
        }
        await audit.record(session, client, {
          action: 'strategy.create',
          objectType: 'upgrade',
          objectId: taskId,
          after: {
            ...body,
            sns: sns.length,
            devices: sendable.length,
            skipped: devices.length - sendable.length,
            refused: refused.length,
            ...(body.mode === 'notice' ? { noticed: owners.length } : {}),
          },
        });
        return { id, devices: sendable.length, skipped: devices.length - sendable.length, refused };
      });
    },

    async list(session: Session, filters: StrategyListBody) {
      requirePermission(session, 'strategy.upgrade');
      const { total, rows } = await strategies.list(filters);
      return {
        total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        strategies: await Promise.all(rows.map((row) => present(row, session))),
      };
    },

    async detail(session: Session, id: number) {
      requirePermission(session, 'strategy.upgrade');
      return present(await visible(id), session);
    },

    /** Only the named checker approves, and only a strategy that waits for it. */
    async approve(session: Session, client: ClientInfo, id: number) {
      const { strategy } = await visible(id);
      if (strategy.checkerId !== session.accountId) throw new AppError(Errno.noPermission);
      return move(session, client, id, ['waiting'], 'inProgress', { approvedAt: new Date(now()) });
    },
    pause: (session: Session, client: ClientInfo, id: number) => move(session, client, id, ['inProgress'], 'paused'),
    resume: (session: Session, client: ClientInfo, id: number) => move(session, client, id, ['paused'], 'inProgress'),
    cancel: (session: Session, client: ClientInfo, id: number) =>
      move(session, client, id, ['waiting', 'inProgress', 'paused'], 'cancelled'),
  };
}
export type StrategyService = ReturnType<typeof createStrategyService>;
