import {
  type ApiQuota,
  type Command,
  compareVariables,
  type DeviceListBody,
  type DeviceSettingsReported,
  Errno,
  FAULT_CATALOGUE,
  FINAL_COMMAND_STATES,
  type Language,
  LIMITS,
  MAX_CHART_POINTS,
  type ModuleListBody,
  OP_HISTORY_MAX_MS,
  OP_REPORT_VARIABLES,
  type OpForceChargeTimeBody,
  type OpGroupV1,
  type OpGroupV3,
  type OpHistoryBody,
  type OpPageBody,
  type OpPeakShavingSetBody,
  type OpReportBody,
  type OpReportVariable,
  type OpSettingSetBody,
  type OpSocSetBody,
  type PlantListBody,
  type PlantSettings,
  type SettingKey,
  type SettingsChange,
  VARIABLE_UNITS,
  variableKind,
} from '@sunstack/shared';
import { FAULT_MESSAGES } from '@sunstack/shared/fault-messages';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { AppError } from '../../http/errors.ts';
import type { CommandStates } from '../command/liveStates.ts';
import type { CommandService } from '../command/service.ts';
import type { DataloggerRepo } from '../datalogger/repo.ts';
import type { DeviceRepo } from '../device/repo.ts';
import type { MonitoringService } from '../monitoring/service.ts';
import type { PlantRepo } from '../plant/repo.ts';
import { localDateOf } from '../telemetry/calendar.ts';
import { designCapacityWh, FOX_BATTERY_UNITS, foxBatteryValues, isHybrid, UNREPORTED_BATTERY_VARIABLES } from './batteryValues.ts';
import { foxStatus, foxTime, productTypeOf } from './present.ts';
import type { OpenApiRepo } from './repo.ts';
import {
  checkedChange,
  forceChargeChange,
  forceChargeTimesOf,
  groupsOf,
  MAX_GROUP_COUNT,
  periodsOf,
  SCHEDULER_PROPERTIES,
  SETTABLE_WORK_MODES,
  scheduleLocked,
  schedulerEnabled,
  toFoxMode,
} from './scheduler.ts';
import { variableName, variableNames } from './variableNames.ts';

/** FoxESS's setting keys, each on a Sunstack setting, with FoxESS's unit (ExportLimit in W, as FoxESS). */
const SETTINGS: Record<string, { key: SettingKey; unit: string; factor: number; precision: number; range?: { min: number; max: number } }> =
  {
    WorkMode: { key: 'WorkMode', unit: '', factor: 1, precision: 1 },
    // FoxESS's MinSoc holds during an outage, its MinSocOnGrid on grid (Sunstack's MinSoc).
    MinSoc: { key: 'OffGridMinSoc', unit: '%', factor: 1, precision: 1, range: LIMITS.soc },
    MinSocOnGrid: { key: 'MinSoc', unit: '%', factor: 1, precision: 1, range: LIMITS.soc },
    MaxSoc: { key: 'MaxSoc', unit: '%', factor: 1, precision: 1, range: LIMITS.soc },
    ExportLimit: {
      key: 'ExportLimit',
      unit: 'W',
      factor: 1000,
      precision: 1,
      range: { min: LIMITS.power.min * 1000, max: LIMITS.power.max * 1000 },
    },
    ForceChargePower: { key: 'ForceChargePower', unit: 'kW', factor: 1, precision: 0.001, range: LIMITS.power },
    ForceDischargePower: { key: 'ForceDischargePower', unit: 'kW', factor: 1, precision: 0.001, range: LIMITS.power },
  };
/** Peak shaving's two values as FoxESS answers them: the import limit in W, the SoC held for it in %. */
const PEAK_SHAVING = {
  importLimit: { key: 'PeakShavingImportLimit', unit: 'W', factor: 1000, precision: 1, range: { min: 0, max: LIMITS.power.max * 1000 } },
  soc: { key: 'PeakShavingSoc', unit: '%', factor: 1, precision: 1, range: LIMITS.soc },
} as const;

const badBody = () => new AppError(Errno.bodyInvalid);
const inverterFilters = (page: OpPageBody) => ({ ...page, type: 'inverter' }) as unknown as DeviceListBody;

/** Energy values as FoxESS's report: kWh, three decimals. */
const kwh = (value: number | undefined) => Math.round((value ?? 0) * 1000) / 1000;

/**
 * The Open API's calls on Sunstack's services (issue 19): reads through the monitoring service and
 * the device, plant and datalogger repositories with the key's scope; writes as device commands,
 * answered with the device's answer after a bounded wait. Out of scope answers like a wrong SN.
 */
export function createOpenApiService(deps: {
  plants: PlantRepo;
  devices: DeviceRepo;
  dataloggers: DataloggerRepo;
  openApi: OpenApiRepo;
  monitoring: MonitoringService;
  commands: CommandService;
  states: CommandStates;
  now: () => number;
  /** How long a write waits for the device's answer. */
  commandWaitMs: number;
}) {
  const { plants, devices, dataloggers, openApi, monitoring, commands, states, now, commandWaitMs } = deps;

  /**
   * Sends a command and waits for the device's answer (told by the command's state changes, read
   * again at least each second). No answer in time: a command not sent yet is withdrawn, 41982.
   */
  async function answered(session: Session, client: ClientInfo, sn: string, send: () => Promise<{ commandId: string }>) {
    let wake = () => {};
    let told = false;
    const unsubscribe = states.subscribe(sn, () => {
      told = true;
      wake();
    });
    try {
      const { commandId } = await send();
      const deadline = Date.now() + commandWaitMs;
      for (;;) {
        told = false;
        const command: Command = await commands.detail(session, commandId);
        if (FINAL_COMMAND_STATES.includes(command.state)) {
          if (command.state !== 'done') throw new AppError(Errno.commandFailed);
          return command.result ?? {};
        }
        const left = deadline - Date.now();
        if (left <= 0) break;
        if (!told) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(left, 1_000));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      }
      await commands.cancel(session, client, commandId).catch((error: unknown) => {
        if (!(error instanceof AppError && error.errno === Errno.commandNotCancellable)) throw error;
      });
      throw new AppError(Errno.commandTimedOut);
    } finally {
      unsubscribe();
    }
  }

  /**
   * The device's settings: as it last reported them (every setting command's answer updates them),
   * else asked of it (a setting.get command). A device that never reported and is offline, or does not answer: 41200;
   * one that refuses (it has no such setting): `refused`, 41200 unless the call answers otherwise. `reported` is
   * what the caller read of the device (`commands.reported`), read once per call.
   */
  async function settingsOf(
    session: Session,
    client: ClientInfo,
    reported: DeviceSettingsReported,
    keys: SettingKey[],
    refused = () => new AppError(Errno.queryFailed),
  ): Promise<Partial<PlantSettings>> {
    const values = Object.fromEntries(keys.flatMap((key) => (reported.settings[key] ? [[key, reported.settings[key].value]] : [])));
    if (keys.every((key) => key in values)) return values as Partial<PlantSettings>;
    if (!reported.connected) throw new AppError(Errno.queryFailed);
    const result = await answered(session, client, reported.sn, () =>
      commands.requestSettings(session, client, { sn: reported.sn, keys }),
    ).catch((error: unknown) => {
      if (error instanceof AppError && error.errno === Errno.commandFailed) throw refused();
      throw error instanceof AppError && error.errno === Errno.commandTimedOut ? new AppError(Errno.queryFailed) : error;
    });
    return { ...values, ...result } as Partial<PlantSettings>;
  }

  const scheduleOf = async (session: Session, client: ClientInfo, reported: DeviceSettingsReported) =>
    (await settingsOf(session, client, reported, ['WorkMode', 'MinSoc', 'MaxSoc', 'SchedulePeriods'])) as Pick<
      PlantSettings,
      'WorkMode' | 'MinSoc' | 'MaxSoc' | 'SchedulePeriods'
    >;

  /** A change for the device (checked first), answered with what it applied; offline: 41982 at once, nothing queued. */
  async function change(session: Session, client: ClientInfo, sn: string, settings: SettingsChange, lockable = false) {
    const reported = await commands.reported(session, sn);
    if (lockable) {
      const current = await scheduleOf(session, client, reported);
      if (scheduleLocked(current)) throw new AppError(Errno.settingsLockedBySchedule);
    }
    if (!reported.controllable) throw new AppError(Errno.noPermission);
    if (!reported.connected) throw new AppError(Errno.commandTimedOut);
    const checked = checkedChange(settings);
    return answered(session, client, reported.sn, () => commands.changeSettings(session, client, { sn, settings: checked }));
  }

  /** Inverters in scope with what FoxESS lists of each (PV from its values, batteries on its datalogger). */
  async function inverterSummaries(session: Session, rows: Awaited<ReturnType<DeviceRepo['list']>>['rows']) {
    const latest = await monitoring.realQuery(session, { sns: rows.map((row) => row.device.sn) });
    const withPv = new Set(latest.devices.filter((d) => 'pvPower' in d.vars).map((d) => d.sn));
    const batteries = await batteriesOf(session, latest.devices);
    return rows.map(({ device, plantName, status }) => ({
      deviceSN: device.sn,
      moduleSN: device.dataloggerSn,
      stationID: device.plantId === null ? '' : String(device.plantId),
      stationName: plantName ?? '',
      status: foxStatus(status),
      hasPV: withPv.has(device.sn),
      hasBattery: batteries.some((battery) => battery.inverterSn === device.sn),
      deviceType: device.model,
      productType: productTypeOf(device.model),
      batteries: batteries.filter((battery) => battery.inverterSn === device.sn),
    }));
  }

  /**
   * The batteries of these inverters that the caller sees, each with its newest values: a battery belongs to the
   * inverter on its datalogger that reports the battery's power (its hybrid; a plain inverter beside it has none).
   */
  async function batteriesOf(session: Session, inverters: { sn: string; vars: Record<string, number> }[]) {
    const links = await openApi.batteriesOf(inverters.filter((inverter) => isHybrid(inverter.vars)).map((inverter) => inverter.sn));
    if (links.length === 0) return [];
    const { devices: seen } = await monitoring.realQuery(session, { sns: [...new Set(links.map((link) => link.sn))] });
    const bySn = new Map(seen.map((battery) => [battery.sn, battery]));
    return links.flatMap((link) => {
      const values = bySn.get(link.sn);
      return values ? [{ ...link, ts: values.ts, vars: values.vars, timeZone: values.timeZone }] : [];
    });
  }

  /** Newest values of devices in request order, each requested variable in request order (null when the device has none). */
  async function realTime(session: Session, lang: Language, sns: string[], variables: string[] | undefined) {
    const { devices: found } = await monitoring.realQuery(session, { sns });
    const batteries = await batteriesOf(session, found);
    const bySn = new Map(found.map((d) => [d.sn, d]));
    return sns.map((sn) => {
      const device = bySn.get(sn);
      if (!device) throw new AppError(Errno.wrongDevice);
      // An inverter lists its battery's values as FoxESS does (the first battery: FoxESS numbers further ones).
      const battery = batteries.find((candidate) => candidate.inverterSn === sn);
      const values = battery ? { ...device.vars, ...foxBatteryValues(device.vars, battery.vars) } : device.vars;
      const names = variables ?? [
        ...Object.keys(values).sort(compareVariables),
        ...(battery ? UNREPORTED_BATTERY_VARIABLES.filter((name) => !(name in values)) : []),
      ];
      return { deviceSN: sn, time: device.ts === null ? '' : foxTime(device.ts, device.timeZone), datas: datasOf(values, names, lang) };
    });
  }

  /** Values under FoxESS's fields, in the order asked (a name without a value: null). */
  function datasOf(values: Record<string, number>, names: string[], lang: Language) {
    return names.map((variable) => ({
      variable,
      unit: FOX_BATTERY_UNITS[variable] ?? variableKind(variable).unit,
      name: variableName(variable, lang),
      value: values[variable] ?? null,
    }));
  }

  return {
    async plantList(session: Session, page: OpPageBody) {
      const { total, rows } = await plants.list(session, page as unknown as PlantListBody);
      return {
        currentPage: page.currentPage,
        pageSize: page.pageSize,
        total,
        data: rows.map(({ plant }) => ({ stationID: String(plant.id), name: plant.name, ianaTimezone: plant.timeZone })),
      };
    },

    async plantDetail(session: Session, id: number) {
      const row = await plants.findVisible(session, id);
      if (!row) throw new AppError(Errno.wrongDevice);
      const { plant } = row;
      const contact = (c: { name?: string; email?: string; phone?: string }) => ({
        name: c.name ?? '',
        email: c.email ?? '',
        phone: c.phone ?? '',
      });
      return {
        stationName: plant.name,
        country: plant.country,
        city: plant.city,
        address: plant.address,
        postcode: plant.postcode,
        capacity: plant.systemSizeKw,
        createDate: plant.createdAt.getTime(),
        timezone: plant.timeZone,
        currency: plant.currency,
        user: contact(plant.userContact),
        installer: contact(plant.installerContact),
      };
    },

    async deviceList(session: Session, page: OpPageBody) {
      const { total, rows } = await devices.list(session, inverterFilters(page));
      const data = (await inverterSummaries(session, rows)).map(({ batteries: _, ...summary }) => summary);
      return { currentPage: page.currentPage, pageSize: page.pageSize, total, data };
    },

    async deviceDetail(session: Session, sn: string) {
      const row = await devices.findVisible(session, sn);
      if (row?.device.type !== 'inverter') throw new AppError(Errno.wrongDevice);
      const [summary] = await inverterSummaries(session, [row]);
      if (!summary) throw new AppError(Errno.wrongDevice);
      const { batteries, ...fields } = summary;
      const firmware = row.device.firmware;
      return {
        ...fields,
        capacity: row.device.ratedPowerKw,
        function: { scheduler: true },
        masterVersion: firmware.master ?? '',
        slaveVersion: firmware.slave ?? '',
        managerVersion: firmware.manager ?? '',
        afciVersion: firmware.afci ?? '',
        hardwareVersion: firmware.hardware ?? '',
        batteryList: batteries.map((battery) => {
          const capacity = designCapacityWh(battery.vars);
          return {
            batterySN: battery.sn,
            model: battery.model,
            type: 'bmu',
            version: battery.firmware.master ?? Object.values(battery.firmware)[0] ?? '',
            ...(capacity === undefined ? {} : { capacity }),
          };
        }),
      };
    },

    /** An inverter's batteries with their newest values (FoxESS's battery real query). */
    async batteryReal(session: Session, lang: Language, sn: string) {
      const row = await devices.findVisible(session, sn);
      if (row?.device.type !== 'inverter') throw new AppError(Errno.wrongDevice);
      const { devices: found } = await monitoring.realQuery(session, { sns: [sn] });
      return (await batteriesOf(session, found)).map((battery) => ({
        deviceSN: battery.sn,
        time: battery.ts === null ? '' : foxTime(battery.ts, battery.timeZone),
        datas: datasOf(battery.vars, Object.keys(battery.vars).sort(compareVariables), lang),
      }));
    },

    realTime,

    async history(session: Session, lang: Language, body: OpHistoryBody) {
      const end = body.end ?? now();
      const begin = body.begin ?? end - OP_HISTORY_MAX_MS;
      const [found] = (await monitoring.realQuery(session, { sns: [body.sn] })).devices;
      if (!found) throw new AppError(Errno.wrongDevice);
      const variables = body.variables ?? Object.keys(found.vars).sort(compareVariables);
      // A day of raw samples at most: 288 at the protocol's 5 minutes, never averaged.
      const { series } = await monitoring.historyQuery(session, { sn: body.sn, begin, end, variables, points: MAX_CHART_POINTS });
      return [
        {
          deviceSN: body.sn,
          datas: series.map(({ variable, data }) => ({
            variable,
            unit: variableKind(variable).unit,
            name: variableName(variable, lang),
            data: data.map(([ts, value]) => ({ time: foxTime(ts, found.timeZone), value })),
          })),
        },
      ];
    },

    async report(session: Session, body: OpReportBody) {
      const names = body.variables ?? (Object.keys(OP_REPORT_VARIABLES) as OpReportVariable[]);
      const report = await monitoring.deviceReport(session, {
        sn: body.sn,
        dimension: body.dimension,
        year: body.year,
        month: body.month,
        day: body.day,
        variables: names.map((name) => OP_REPORT_VARIABLES[name]),
      });
      return names.map((name, i) => ({ variable: name, unit: 'kWh', values: report.series[i]?.data ?? [] }));
    },

    /** Today, this month and in total in the plant's calendar, from the same rollups as the console's figures. */
    async generation(session: Session, sn: string) {
      const { values } = await monitoring.deviceNow(session, sn);
      const [year, month] = localDateOf(now(), values.timeZone).split('-').map(Number) as [number, number];
      const counter = OP_REPORT_VARIABLES.generation;
      const monthly = await monitoring.deviceReport(session, { sn, dimension: 'month', year, month, variables: [counter] });
      const lifetime = await monitoring.deviceReport(session, { sn, dimension: 'lifetime', variables: [counter] });
      const sum = (data: number[] | undefined) => kwh((data ?? []).reduce((total, value) => total + value, 0));
      return { today: kwh(values.today[counter]), month: sum(monthly.series[0]?.data), cumulative: sum(lifetime.series[0]?.data) };
    },

    variables() {
      return Object.entries(VARIABLE_UNITS).map(([variable, unit]) => ({ [variable]: { unit, name: variableNames(variable) } }));
    },

    faults() {
      const codes = Object.values(FAULT_CATALOGUE).flatMap((faults) => faults.map((fault) => String(fault.code)));
      return codes.map((code) => ({
        [code]: Object.fromEntries(Object.entries(FAULT_MESSAGES).map(([lang, texts]) => [lang, texts[code]?.name ?? code])),
      }));
    },

    async moduleList(session: Session, page: OpPageBody) {
      const { total, rows } = await dataloggers.list(session, page as unknown as ModuleListBody);
      return {
        currentPage: page.currentPage,
        pageSize: page.pageSize,
        total,
        data: rows.map(({ logger }) => ({
          moduleSN: logger.sn,
          stationID: logger.plantId === null ? '' : String(logger.plantId),
          status: logger.online ? 1 : 3,
          signal: logger.signal,
        })),
      };
    },

    async moduleSignal(session: Session, sn: string) {
      const logger = await dataloggers.findVisible(session, sn);
      if (!logger) throw new AppError(Errno.wrongDevice);
      return { timestamp: logger.statusAt?.getTime() ?? null, signal: logger.signal };
    },

    /** FoxESS's minSoc holds during an outage (Sunstack's OffGridMinSoc), its minSocOnGrid on grid (MinSoc). */
    async soc(session: Session, client: ClientInfo, sn: string) {
      const { MinSoc, OffGridMinSoc } = await settingsOf(session, client, await commands.reported(session, sn), [
        'MinSoc',
        'OffGridMinSoc',
      ]);
      return { minSoc: OffGridMinSoc as number, minSocOnGrid: MinSoc as number };
    },

    setSoc(session: Session, client: ClientInfo, body: OpSocSetBody) {
      return change(session, client, body.sn, { MinSoc: body.minSocOnGrid, OffGridMinSoc: body.minSoc }, true);
    },

    /** Where the device does not offer peak shaving (it reports no such settings): 40257, as FoxESS answers. */
    async peakShaving(session: Session, client: ClientInfo, sn: string) {
      const keys = Object.values(PEAK_SHAVING).map((definition) => definition.key);
      const values = await settingsOf(session, client, await commands.reported(session, sn), keys, badBody);
      if (keys.some((key) => typeof values[key] !== 'number')) throw badBody();
      const answer = (definition: (typeof PEAK_SHAVING)[keyof typeof PEAK_SHAVING]) => {
        const value = values[definition.key] as number;
        const { unit, precision, range } = definition;
        return { value: String(Math.round(value * definition.factor * 1000) / 1000), unit, precision, range };
      };
      return { importLimit: answer(PEAK_SHAVING.importLimit), soc: answer(PEAK_SHAVING.soc) };
    },

    setPeakShaving(session: Session, client: ClientInfo, body: OpPeakShavingSetBody) {
      return change(session, client, body.sn, {
        PeakShavingImportLimit: body.importLimit / PEAK_SHAVING.importLimit.factor,
        PeakShavingSoc: body.soc,
      });
    },

    async forceChargeTime(session: Session, client: ClientInfo, sn: string) {
      return forceChargeTimesOf(await scheduleOf(session, client, await commands.reported(session, sn)));
    },

    setForceChargeTime(session: Session, client: ClientInfo, body: OpForceChargeTimeBody) {
      return change(session, client, body.sn, forceChargeChange(body), true);
    },

    async setting(session: Session, client: ClientInfo, sn: string, key: string) {
      const definition = SETTINGS[key];
      if (!definition) throw badBody();
      const reported = await commands.reported(session, sn);
      const { [definition.key]: value } = await settingsOf(session, client, reported, [definition.key]);
      if (value === undefined) throw badBody();
      const shown = typeof value === 'number' ? String(Math.round(value * definition.factor * 1000) / 1000) : toFoxMode(String(value));
      // Peak shaving is a choice where the device offers it (it reports its settings).
      const offersPeakShaving = definition.key === 'WorkMode' && reported.settings.PeakShavingSoc !== undefined;
      return {
        value: shown,
        unit: definition.unit,
        precision: definition.precision,
        ...(definition.range ? { range: { min: definition.range.min, max: definition.range.max } } : {}),
        ...(definition.key === 'WorkMode' ? { enumList: [...SETTABLE_WORK_MODES, ...(offersPeakShaving ? ['PeakShaving'] : [])] } : {}),
      };
    },

    setSetting(session: Session, client: ClientInfo, { sn, key, value }: OpSettingSetBody) {
      const definition = SETTINGS[key];
      if (!definition) throw badBody();
      let setting: SettingsChange;
      if (definition.key === 'WorkMode') {
        if (![...SETTABLE_WORK_MODES, 'PeakShaving'].includes(String(value))) throw badBody();
        setting = { WorkMode: value === 'Feedin' ? 'FeedInPriority' : (value as 'SelfUse' | 'Backup' | 'PeakShaving') };
      } else {
        const number = Number(value);
        if (typeof value === 'string' && value.trim() === '') throw badBody();
        setting = { [definition.key]: number / definition.factor };
      }
      return change(session, client, sn, setting, true);
    },

    async schedulerFlag(session: Session, client: ClientInfo, sn: string) {
      return { support: 1, enable: schedulerEnabled(await scheduleOf(session, client, await commands.reported(session, sn))) ? 1 : 0 };
    },

    /** On: the device follows its periods; off: self use (the periods are kept). */
    setSchedulerFlag(session: Session, client: ClientInfo, sn: string, enable: boolean) {
      return change(session, client, sn, { WorkMode: enable ? 'TimePeriods' : 'SelfUse' });
    },

    async scheduler(session: Session, client: ClientInfo, sn: string, version: 'v1' | 'v3') {
      const settings = await scheduleOf(session, client, await commands.reported(session, sn));
      const groups = groupsOf(settings).map(({ minSocOnGrid, fdSoc, fdPwr, maxSoc, ...times }) =>
        version === 'v1'
          ? { ...times, minSocOnGrid, fdSoc, fdPwr, maxSoc }
          : { ...times, extraParam: { minSocOnGrid, fdSoc, fdPwr, maxSoc } },
      );
      return { enable: schedulerEnabled(settings) ? 1 : 0, maxGroupCount: MAX_GROUP_COUNT, groups, properties: SCHEDULER_PROPERTIES };
    },

    /** The account's quota as this call's count left it; FoxESS types both as strings. */
    accessCount({ callsPerDay, remainingToday }: ApiQuota) {
      return { total: String(callsPerDay), remaining: String(remainingToday) };
    },

    /** The groups replace the schedule and enable it (FoxESS's scheduler/enable). */
    setScheduler(session: Session, client: ClientInfo, sn: string, groups: (OpGroupV1 | OpGroupV3)[]) {
      return change(session, client, sn, { WorkMode: 'TimePeriods', SchedulePeriods: periodsOf(groups) });
    },
  };
}
export type OpenApiService = ReturnType<typeof createOpenApiService>;
