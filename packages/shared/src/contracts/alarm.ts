import { z } from 'zod';
import { FAULT_SEVERITIES } from '../faults/catalogue.ts';
import { ALARM_THRESHOLD_DEFAULTS } from '../faults/rules.ts';
import { LIMITS } from '../limits.ts';
import { epochMsSchema } from './common.ts';
import { DEVICE_TYPES } from './device.ts';
import { idSchema, pageFields } from './plant.ts';

/** Alarms (issue 5): raised by device events or by platform rules; times are UTC milliseconds. */

/** Realtime: alarms still raised; history: alarms cleared. */
export const ALARM_VIEWS = ['realtime', 'history'] as const;
export type AlarmView = (typeof ALARM_VIEWS)[number];
/** Where an alarm comes from: a device's own event code, or a rule the platform evaluates. */
export const ALARM_SOURCES = ['device', 'rule'] as const;
export type AlarmSource = (typeof ALARM_SOURCES)[number];
/** What an alarm is about: one of the device kinds, or a datalogger (offline rule). */
export const ALARM_SUBJECTS = ['datalogger', ...DEVICE_TYPES] as const;
export type AlarmSubject = (typeof ALARM_SUBJECTS)[number];

const DAY_MS = 86_400_000;
export const MAX_ALARM_RANGE_MS = LIMITS.dateRangeDays.long * DAY_MS;

/** Filters of the alarm lists and their export; a time range (raised at) spans at most 15 days (spec section 5). */
const alarmFilterFields = {
  view: z.enum(ALARM_VIEWS),
  plantId: idSchema.optional(),
  /** A device's or datalogger's SN, exactly. */
  sn: z.string().trim().min(1).max(64).optional(),
  source: z.enum(ALARM_SOURCES).optional(),
  severity: z.enum(FAULT_SEVERITIES).optional(),
  code: z.number().int().min(0).max(2_147_483_647).optional(),
  begin: epochMsSchema.optional(),
  end: epochMsSchema.optional(),
};
/** A raised-at range: both ends or neither, the end after the begin, at most 15 days (spec section 5). */
const rangeRules = <T extends z.ZodType<{ begin?: number; end?: number }>>(schema: T) =>
  schema
    .refine((body) => (body.begin === undefined) === (body.end === undefined), { error: 'validation.required', path: ['end'] })
    .refine((body) => body.begin === undefined || (body.end as number) > body.begin, { error: 'validation.rangeInvalid', path: ['end'] })
    .refine((body) => body.begin === undefined || (body.end as number) - body.begin <= MAX_ALARM_RANGE_MS, {
      error: 'validation.rangeTooLong',
      path: ['end'],
    });
/**
 * History needs a raised-at range of at most 15 days; realtime lists every active alarm unless a
 * range is given (an alarm raised weeks ago and still active stays in view).
 */
const rangeChecked = <T extends z.ZodType<{ view: AlarmView; begin?: number; end?: number }>>(schema: T) =>
  rangeRules(
    schema.refine((body) => body.view === 'realtime' || body.begin !== undefined, { error: 'validation.required', path: ['begin'] }),
  );

export const alarmQueryBody = rangeChecked(z.strictObject({ ...pageFields, ...alarmFilterFields }));
export type AlarmQueryBody = z.infer<typeof alarmQueryBody>;
export const alarmExportBody = rangeChecked(z.strictObject(alarmFilterFields));
export type AlarmExportBody = z.infer<typeof alarmExportBody>;

export const alarmSummary = z.object({
  id: z.number(),
  source: z.enum(ALARM_SOURCES),
  code: z.number(),
  severity: z.enum(FAULT_SEVERITIES),
  subject: z.enum(ALARM_SUBJECTS),
  /** The device's SN, or the datalogger's for a datalogger alarm. */
  sn: z.string(),
  dataloggerSn: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string(),
  /** The plant's zone, in which its times are shown and exported; UTC for a datalogger in no plant. */
  timeZone: z.string(),
  /** First raised; raised again (flapping folds into one alarm); cleared (null while active). */
  raisedAt: z.number(),
  lastRaisedAt: z.number(),
  clearedAt: z.number().nullable(),
  /** How often it was raised: more than 1 when it came back soon after clearing. */
  occurrences: z.number(),
  acknowledgement: z.object({ at: z.number(), by: z.string(), comment: z.string() }).nullable(),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;

/** The lists count matches up to this many; beyond, the answer says so instead of counting on. */
export const MAX_COUNTED_ALARMS = 10_000;
export const alarmQueryResult = z.object({
  total: z.number(),
  /** More than MAX_COUNTED_ALARMS match: `total` is that many, the pager ends there; narrow the filters. */
  totalCapped: z.boolean(),
  currentPage: z.number(),
  pageSize: z.number(),
  alarms: z.array(alarmSummary),
});
export type AlarmQueryResult = z.infer<typeof alarmQueryResult>;

export const ALARM_ACK_COMMENT_MAX = 500;
export const alarmAckBody = z.strictObject({
  ids: z.array(idSchema).min(1).max(100),
  comment: z.string().trim().min(1, { error: 'validation.required' }).max(ALARM_ACK_COMMENT_MAX, { error: 'validation.tooLong' }),
});
export type AlarmAckBody = z.infer<typeof alarmAckBody>;

/** A plant's thresholds for the alarm rules (shared/src/faults/rules.ts); a key left out takes the default. */
export const alarmThresholdsSchema = z
  .strictObject({
    offlineMinutes: z.number().int().min(5).max(1_440),
    batteryTemperatureMinC: z.number().min(-30).max(20),
    socMinPercent: z.number().min(0).max(100),
    socLowMinutes: z.number().int().min(15).max(1_440),
    gridVoltageMinV: z.number().min(90).max(260),
    gridVoltageMaxV: z.number().min(100).max(300),
    gridFrequencyToleranceHz: z.number().min(0.1).max(5),
    performanceMinPercent: z.number().int().min(10).max(95),
  })
  .partial();
export const alarmThresholdResult = z.object({
  /** What the rules use for this plant. */
  thresholds: alarmThresholdsSchema.required(),
  /** What the plant set itself (the rest are defaults). */
  custom: alarmThresholdsSchema,
  /** Whether the caller may change them. */
  writable: z.boolean(),
});
export const alarmThresholdSaveBody = z
  .strictObject({ plantId: idSchema, thresholds: alarmThresholdsSchema })
  .refine(
    ({ thresholds: t }) =>
      (t.gridVoltageMinV ?? ALARM_THRESHOLD_DEFAULTS.gridVoltageMinV) < (t.gridVoltageMaxV ?? ALARM_THRESHOLD_DEFAULTS.gridVoltageMaxV),
    { error: 'validation.rangeInvalid', path: ['thresholds', 'gridVoltageMaxV'] },
  );
export type AlarmThresholdSaveBody = z.infer<typeof alarmThresholdSaveBody>;

/**
 * Fault record (issue 5, `/bus/plantMaintain/faultRecord`): alarms raised in a range (active and
 * cleared alike) counted by code, by model and by firmware version, to spot a bad batch or release.
 */
export const faultRecordBody = rangeRules(
  z.strictObject({
    begin: epochMsSchema,
    end: epochMsSchema,
    source: z.enum(ALARM_SOURCES).optional(),
    severity: z.enum(FAULT_SEVERITIES).optional(),
    code: alarmFilterFields.code,
    subject: z.enum(ALARM_SUBJECTS).optional(),
    /** A device model, exactly (datalogger alarms have none). */
    model: z.string().trim().min(1).max(64).optional(),
  }),
);
export type FaultRecordBody = z.infer<typeof faultRecordBody>;

/** Each dimension answers its groups with the most alarms, this many at most, and how many groups there are. */
export const FAULT_RECORD_TOP = 50;
const faultCounts = z.object({
  /** Alarms raised in the range. */
  alarms: z.number(),
  /** Their occurrences summed (a flapping alarm counts each raise). */
  occurrences: z.number(),
  /** Devices (or dataloggers) with at least one of them. */
  devices: z.number(),
});
const faultGroups = <T extends z.ZodRawShape>(key: T) => z.object({ groups: z.number(), rows: z.array(faultCounts.extend(key)) });
/** Devices of the fleet the group describes (its model, its firmware version): the base of a rate per 100 devices. */
const fleetDevices = z.number();
export const faultRecordResult = z.object({
  total: faultCounts,
  codes: faultGroups({ code: z.number(), severity: z.enum(FAULT_SEVERITIES) }),
  /** Datalogger alarms count under the subject `datalogger` with an empty model (dataloggers report none). */
  models: faultGroups({ subject: z.enum(ALARM_SUBJECTS), model: z.string(), fleetDevices }),
  /** A device's main (`master`) firmware version, a datalogger's own. */
  firmware: faultGroups({ subject: z.enum(ALARM_SUBJECTS), version: z.string(), fleetDevices }),
});
export type FaultRecordResult = z.infer<typeof faultRecordResult>;
