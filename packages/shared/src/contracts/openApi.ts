import { z } from 'zod';
import { deviceSnSchema } from './device.ts';

/**
 * The Open API (issue 19), compatible with the FoxESS Cloud Open API: bodies as its clients send
 * them (foxesscloud, foxess-ha, batpred) and results as FoxESS answers them, field for field. Bodies
 * are lenient objects (a key the call does not read is ignored, as FoxESS's v0/v1 calls do), so
 * unmodified clients pass; what a call reads is checked (40257 otherwise).
 */

const sn = deviceSnSchema;
/** FoxESS clients page by 100 (foxesscloud sends pageSize 100; foxess-ha 10). */
export const opPageBody = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type OpPageBody = z.infer<typeof opPageBody>;
export const opSnQuery = z.object({ sn });
export const opSnBody = z.object({ sn });
export const opIdQuery = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9]{1,15}$/),
});
export const opDeviceSnBody = z.object({ deviceSN: sn });

const variableName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);
/** Up to 50 SNs a call (FoxESS: "can transmit up to 50 Serial Number"). */
export const OP_REAL_QUERY_SNS_MAX = 50;
export const opRealQueryBody = z.object({
  sns: z.array(sn).min(1).max(OP_REAL_QUERY_SNS_MAX),
  variables: z.array(variableName).max(200).optional(),
});
export type OpRealQueryBody = z.infer<typeof opRealQueryBody>;
export const opRealQueryV0Body = z.object({ sn, variables: z.array(variableName).max(200).optional() });

/** History spans one day at most (FoxESS clients ask an hour or a day); begin and end in ms, end defaults to now, begin to end minus a day. */
export const OP_HISTORY_MAX_MS = 86_400_000;
export const opHistoryBody = z
  .object({
    sn,
    variables: z.array(variableName).max(200).optional(),
    begin: z.number().int().nonnegative().optional(),
    end: z.number().int().nonnegative().optional(),
  })
  .refine(
    (body) => body.begin === undefined || body.end === undefined || (body.end > body.begin && body.end - body.begin <= OP_HISTORY_MAX_MS),
    {
      error: 'validation.rangeInvalid',
      path: ['end'],
    },
  );
export type OpHistoryBody = z.infer<typeof opHistoryBody>;

/** The report's variables as FoxESS names them (note "ToTal"), each one of Sunstack's energy counters. */
export const OP_REPORT_VARIABLES = {
  generation: 'generationTotal',
  feedin: 'feedinTotal',
  loads: 'loadsTotal',
  gridConsumption: 'gridConsumptionTotal',
  chargeEnergyToTal: 'chargeEnergyTotal',
  dischargeEnergyToTal: 'dischargeEnergyTotal',
  PVEnergyTotal: 'PVEnergyTotal',
} as const;
export type OpReportVariable = keyof typeof OP_REPORT_VARIABLES;
const OP_REPORT_NAMES = Object.keys(OP_REPORT_VARIABLES) as [OpReportVariable, ...OpReportVariable[]];
export const opReportBody = z
  .object({
    sn,
    dimension: z.enum(['day', 'month', 'year']),
    year: z.coerce.number().int().min(2000).max(2100),
    month: z.coerce.number().int().min(1).max(12).optional(),
    day: z.coerce.number().int().min(1).max(31).optional(),
    variables: z.array(z.enum(OP_REPORT_NAMES)).max(OP_REPORT_NAMES.length).optional(),
  })
  .refine((body) => body.dimension === 'year' || (body.month !== undefined && (body.dimension === 'month' || body.day !== undefined)), {
    error: 'validation.periodIncomplete',
    path: ['dimension'],
  });
export type OpReportBody = z.infer<typeof opReportBody>;

const socValue = z.coerce.number().int().min(10).max(100);
export const opSocSetBody = z.object({ sn, minSoc: socValue, minSocOnGrid: socValue });
/** Peak shaving: the grid import limit in W (FoxESS's unit) and the SoC held for it. */
export const opPeakShavingSetBody = z.object({ sn, importLimit: z.coerce.number().min(0).max(6_000_000), soc: socValue });
export type OpPeakShavingSetBody = z.infer<typeof opPeakShavingSetBody>;
export type OpSocSetBody = z.infer<typeof opSocSetBody>;

const clockTime = z.object({ hour: z.coerce.number().int().min(0).max(23), minute: z.coerce.number().int().min(0).max(59) });
export type OpClockTime = z.infer<typeof clockTime>;
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1);
export const opForceChargeTimeBody = z.object({
  sn,
  enable1: flag,
  startTime1: clockTime,
  endTime1: clockTime,
  enable2: flag,
  startTime2: clockTime,
  endTime2: clockTime,
});
export type OpForceChargeTimeBody = z.infer<typeof opForceChargeTimeBody>;

export const opSettingGetBody = z.object({ sn, key: z.string().min(1).max(64) });
export const opSettingSetBody = z.object({ sn, key: z.string().min(1).max(64), value: z.union([z.string().max(64), z.number()]) });
export type OpSettingSetBody = z.infer<typeof opSettingSetBody>;

export const opSchedulerFlagSetBody = z.object({ deviceSN: sn, enable: z.union([z.literal(0), z.literal(1), z.boolean()]) });

/** FoxESS work modes of a scheduler group ("Invalid": an unused slot). */
export const OP_WORK_MODES = ['SelfUse', 'Feedin', 'Backup', 'ForceCharge', 'ForceDischarge'] as const;
const hour = z.coerce.number().int().min(0).max(23);
const minute = z.coerce.number().int().min(0).max(59);
const percent = z.coerce.number().int().min(0).max(100);
const groupTimes = { startHour: hour, startMinute: minute, endHour: hour, endMinute: minute };
const groupValues = {
  minSocOnGrid: percent.optional(),
  fdSoc: percent.optional(),
  fdPwr: z.coerce.number().int().min(0).max(1_000_000).optional(),
  maxSoc: percent.optional(),
};
/** A v0/v1 group: flat. `enable: 0` groups (and "Invalid" ones) are unused slots. */
export const opGroupV1 = z.object({
  enable: z.union([z.literal(0), z.literal(1), z.boolean()]).default(1),
  ...groupTimes,
  workMode: z.string().max(32),
  ...groupValues,
});
export type OpGroupV1 = z.infer<typeof opGroupV1>;
export const opSchedulerEnableV1Body = z.object({ deviceSN: sn, groups: z.array(opGroupV1).max(96) });
/** A v3 group: the values under `extraParam`; v3 never sends disabled groups. */
export const opGroupV3 = z.object({
  enable: z.union([z.literal(0), z.literal(1), z.boolean()]).default(1),
  ...groupTimes,
  workMode: z.string().max(32),
  extraParam: z.object(groupValues).default({}),
});
export type OpGroupV3 = z.infer<typeof opGroupV3>;
export const opSchedulerEnableV3Body = z.object({ deviceSN: sn, isDefault: z.boolean().optional(), groups: z.array(opGroupV3).max(96) });

// Answers, as FoxESS writes them.

export const opPlantListResult = z.object({
  currentPage: z.number(),
  pageSize: z.number(),
  total: z.number(),
  data: z.array(z.object({ stationID: z.string(), name: z.string(), ianaTimezone: z.string() })),
});
const opContact = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export const opPlantDetailResult = z.object({
  stationName: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  postcode: z.string(),
  capacity: z.number().nullable(),
  createDate: z.number(),
  timezone: z.string(),
  currency: z.string(),
  user: opContact,
  installer: opContact,
});
/** FoxESS device status: 1 online, 2 alarm or fault, 3 offline. */
export const opDeviceSummary = z.object({
  deviceSN: z.string(),
  moduleSN: z.string(),
  stationID: z.string(),
  stationName: z.string(),
  status: z.number(),
  hasPV: z.boolean(),
  hasBattery: z.boolean(),
  deviceType: z.string(),
  productType: z.string(),
});
export const opDeviceListResult = z.object({
  currentPage: z.number(),
  pageSize: z.number(),
  total: z.number(),
  data: z.array(opDeviceSummary),
});
export const opDeviceDetailResult = opDeviceSummary.extend({
  capacity: z.number().nullable(),
  function: z.object({ scheduler: z.boolean() }),
  masterVersion: z.string(),
  slaveVersion: z.string(),
  managerVersion: z.string(),
  afciVersion: z.string(),
  hardwareVersion: z.string(),
  batteryList: z.array(
    z.object({ batterySN: z.string(), model: z.string(), type: z.string(), version: z.string(), capacity: z.number().optional() }),
  ),
});
const opDatum = z.object({ variable: z.string(), unit: z.string(), name: z.string(), value: z.number().nullable() });
export const opRealQueryResult = z.array(z.object({ deviceSN: z.string(), time: z.string(), datas: z.array(opDatum) }));
export const opHistoryResult = z.array(
  z.object({
    deviceSN: z.string(),
    datas: z.array(
      z.object({
        variable: z.string(),
        unit: z.string(),
        name: z.string(),
        data: z.array(z.object({ time: z.string(), value: z.number() })),
      }),
    ),
  }),
);
export const opReportResult = z.array(z.object({ variable: z.string(), unit: z.string(), values: z.array(z.number()) }));
export const opGenerationResult = z.object({ today: z.number(), month: z.number(), cumulative: z.number() });
export const opVariableListResult = z.array(z.record(z.string(), z.object({ unit: z.string(), name: z.record(z.string(), z.string()) })));
export const opFaultListResult = z.array(z.record(z.string(), z.record(z.string(), z.string())));
export const opModuleListResult = z.object({
  currentPage: z.number(),
  pageSize: z.number(),
  total: z.number(),
  data: z.array(z.object({ moduleSN: z.string(), stationID: z.string(), status: z.number(), signal: z.number().nullable() })),
});
export const opModuleSignalResult = z.object({ timestamp: z.number().nullable(), signal: z.number().nullable() });
export const opSocResult = z.object({ minSoc: z.number(), minSocOnGrid: z.number() });
export const opForceChargeTimeResult = z.object({
  enable1: z.boolean(),
  startTime1: clockTime,
  endTime1: clockTime,
  enable2: z.boolean(),
  startTime2: clockTime,
  endTime2: clockTime,
});
/** A setting's or a scheduler field's unit, precision and range (or its choices). */
const opProperty = z.object({
  unit: z.string(),
  precision: z.number(),
  range: z.object({ min: z.number(), max: z.number() }).optional(),
  enumList: z.array(z.string()).optional(),
});
export const opSettingResult = opProperty.extend({ value: z.string() });
export const opPeakShavingResult = z.object({ importLimit: opSettingResult, soc: opSettingResult });
export const opSchedulerFlagResult = z.object({ support: z.number(), enable: z.number() });
const groupTimesResult = {
  enable: z.number(),
  startHour: z.number(),
  startMinute: z.number(),
  endHour: z.number(),
  endMinute: z.number(),
  workMode: z.string(),
};
const groupValuesResult = { minSocOnGrid: z.number(), fdSoc: z.number(), fdPwr: z.number(), maxSoc: z.number() };
const schedulerResult = (group: z.ZodObject) =>
  z.object({ enable: z.number(), maxGroupCount: z.number(), groups: z.array(group), properties: z.record(z.string(), opProperty) });
export const opSchedulerV1Result = schedulerResult(z.object({ ...groupTimesResult, ...groupValuesResult }));
/** v3: the values under extraParam. */
export const opSchedulerV3Result = schedulerResult(z.object({ ...groupTimesResult, extraParam: z.object(groupValuesResult) }));
/** FoxESS types both as strings. */
export const opAccessCountResult = z.object({ total: z.string(), remaining: z.string() });
/** A write answers what the device applied (FoxESS answers null; clients read only errno). */
export const opWriteResult = z.record(z.string(), z.unknown()).nullable();
export const opNoInput = z.object({});
