import { z } from 'zod';
import { epochMsSchema } from './common.ts';
import { deviceSnSchema } from './device.ts';
import { idSchema, pageFields } from './plant.ts';

/**
 * What a string's I-V curve is diagnosed as (issue 24): its cause, with a translated advice each; `lowLight`
 * when the modules had too little light to judge (a night scan shows no curve, which is no open string).
 */
export const IV_CAUSES = [
  'normal',
  'open',
  'shadingOrCracks',
  'soiling',
  'shunt',
  'seriesResistance',
  'degradation',
  'mismatch',
  'lowLight',
] as const;
export type IvCause = (typeof IV_CAUSES)[number];
export const ivCause = z.enum(IV_CAUSES);

/** Strings an inverter's configuration may hold (MPPT inputs with their strings). */
export const MAX_PV_STRINGS = 32;

const positive = (max: number) => z.number({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(max);
const coefficient = z.number({ error: 'validation.invalid' }).min(-1).max(1);

/** A module's datasheet values at STC (ivCurve.ts: ModuleDatasheet); Imp below Isc, Vmp below Voc. */
export const moduleDatasheet = z
  .strictObject({
    voc: positive(200),
    isc: positive(50),
    vmp: positive(200),
    imp: positive(50),
    cells: z.number().int().min(1).max(300),
    iscTempCoeff: coefficient,
    vocTempCoeff: coefficient,
  })
  .refine((module) => module.vmp < module.voc, { error: 'diagnostics.vmpAboveVoc', path: ['vmp'] })
  .refine((module) => module.imp < module.isc, { error: 'diagnostics.impAboveIsc', path: ['imp'] });

/** Strings in the order of the inverter's inputs (string 1 first): modules in series, strings in parallel on that input. */
export const pvStrings = z
  .array(z.strictObject({ modules: z.number().int().min(1).max(100), parallel: z.number().int().min(1).max(10).default(1) }))
  .min(1, { error: 'diagnostics.stringsRequired' })
  .max(MAX_PV_STRINGS);

export const stringConfigBody = z.strictObject({ sn: deviceSnSchema, strings: pvStrings, module: moduleDatasheet });
export type StringConfigBody = z.infer<typeof stringConfigBody>;

export const stringConfig = z.object({
  sn: z.string(),
  plantName: z.string(),
  /** Null until someone configured the inverter's strings. */
  config: z
    .object({ strings: z.array(z.object({ modules: z.number(), parallel: z.number() })), module: z.any(), updatedAt: z.number() })
    .nullable(),
});
export type StringConfig = z.infer<typeof stringConfig>;

/** A scan task: inverters by SN, or every inverter of some plants. */
export const ivTaskCreateBody = z.union([
  z.strictObject({ sns: z.array(deviceSnSchema).min(1).max(1000) }),
  z.strictObject({ plantIds: z.array(idSchema).min(1).max(100) }),
]);
export type IvTaskCreateBody = z.infer<typeof ivTaskCreateBody>;
export const ivTaskCreated = z.object({ id: z.number(), scanning: z.number(), unconfigured: z.array(z.string()) });

export const IV_SCAN_STATES = ['unconfigured', 'scanning', 'done', 'failed'] as const;
export type IvScanState = (typeof IV_SCAN_STATES)[number];

const scanCounts = z.object({
  devices: z.number(),
  unconfigured: z.number(),
  scanning: z.number(),
  done: z.number(),
  failed: z.number(),
  /** Strings diagnosed with a fault (not normal). */
  faultyStrings: z.number(),
});

export const ivTaskListBody = z.strictObject({ ...pageFields });
export const ivTaskSummary = z.object({ id: z.number(), createdAt: z.number(), createdBy: z.string(), counts: scanCounts });
export const ivTaskListResult = z.object({ total: z.number(), tasks: z.array(ivTaskSummary) });
export type IvTaskSummary = z.infer<typeof ivTaskSummary>;

export const keyPoints = z.object({
  isc: z.number(),
  voc: z.number(),
  imp: z.number(),
  vmp: z.number(),
  pmax: z.number(),
  fillFactor: z.number(),
});
export type KeyPointsAnswer = z.infer<typeof keyPoints>;

export const ivStringSummary = z.object({
  string: z.number(),
  cause: ivCause,
  keyPoints: keyPoints.nullable(),
  /** The newest cleaning recorded for the string, when after its scan ("cleaned since"). */
  cleanedAt: z.number().nullable(),
});
export const ivScanSummary = z.object({
  id: z.number(),
  sn: z.string(),
  plantName: z.string(),
  timeZone: z.string(),
  state: z.enum(IV_SCAN_STATES),
  /** The scan command's progress (0-100) while it runs. */
  progress: z.number().nullable(),
  error: z.string().nullable(),
  finishedAt: z.number().nullable(),
  strings: z.array(ivStringSummary),
});
export type IvScanSummary = z.infer<typeof ivScanSummary>;
export const ivTaskDetail = ivTaskSummary.extend({ scans: z.array(ivScanSummary) });
export type IvTaskDetail = z.infer<typeof ivTaskDetail>;

/** Earlier scans of the string to compare with (spec section 5: an integer above 0). */
export const curveDetailQuery = z.strictObject({
  scanId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  string: z.coerce.number().int().min(1).max(MAX_PV_STRINGS),
  count: z.coerce
    .number({ error: 'diagnostics.countInvalid' })
    .int({ error: 'diagnostics.countInvalid' })
    .min(1, { error: 'diagnostics.countInvalid' })
    .max(10)
    .default(3),
});
const point = z.tuple([z.number(), z.number()]);
const curve = z.object({ scanId: z.number(), string: z.number(), at: z.number(), points: z.array(point), keyPoints: keyPoints.nullable() });
export const curveDetail = z.object({
  sn: z.string(),
  plantName: z.string(),
  timeZone: z.string(),
  string: z.number(),
  at: z.number(),
  /** Plane-of-array irradiance (W/m²) and cell temperature (°C) the device measured; null when it did not say. */
  irradiance: z.number().nullable(),
  temperature: z.number().nullable(),
  measured: z.array(point),
  keyPoints: keyPoints.nullable(),
  /** The curve the configured string should show at those conditions; null without conditions. */
  expected: z.array(point).nullable(),
  expectedKeyPoints: keyPoints.nullable(),
  cause: ivCause,
  features: z.record(z.string(), z.number().nullable()),
  cleanedAt: z.number().nullable(),
  /** The same string's earlier scans, newest first, and the other strings of this scan. */
  earlier: z.array(curve),
  neighbours: z.array(curve.extend({ cause: ivCause })),
});
export type CurveDetail = z.infer<typeof curveDetail>;

export const cleaningBody = z.strictObject({
  sn: deviceSnSchema,
  string: z.number().int().min(1).max(MAX_PV_STRINGS),
  /** When it was cleaned; now when absent. */
  at: epochMsSchema.optional(),
});
export type CleaningBody = z.infer<typeof cleaningBody>;

/** Device logs (issue 24): the kinds a device keeps (protocol.md, log.upload). */
export const DEVICE_LOG_KINDS = ['battery', 'test', 'module', 'dsp'] as const;
export type DeviceLogKind = (typeof DEVICE_LOG_KINDS)[number];
export const deviceLogKind = z.enum(DEVICE_LOG_KINDS);
/** A log's state as the list shows it: asked and not yet in (waiting), in (uploaded), or the device failed or never answered (failed). */
export const DEVICE_LOG_STATES = ['waiting', 'uploaded', 'failed'] as const;

/** What the platform read of a log in the simulator's format: lines, time span, variables, the self-test's verdict. */
export const deviceLogSummary = z.object({
  lines: z.number(),
  entries: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  variables: z.array(z.string()),
  selfTest: z.enum(['pass', 'fail']).nullable(),
  faults: z.array(z.number()),
});
export type DeviceLogSummary = z.infer<typeof deviceLogSummary>;

export const deviceLogIdBody = z.strictObject({ id: idSchema });
export const deviceLogRequestBody = z.strictObject({ sn: deviceSnSchema, kind: deviceLogKind });
export type DeviceLogRequestBody = z.infer<typeof deviceLogRequestBody>;

const DAY_MS = 86_400_000;
/** A requested-at range: the list at most 15 days, the detailed view (with summaries) 3 (spec section 5). */
const logRange = <T extends z.ZodType<{ begin: number; end: number; detailed?: boolean }>>(schema: T) =>
  schema
    .refine((body) => body.end > body.begin, { error: 'validation.rangeInvalid', path: ['end'] })
    .refine((body) => body.end - body.begin <= (body.detailed ? 3 : 15) * DAY_MS, { error: 'validation.rangeTooLong', path: ['end'] });
const logFilters = {
  kind: deviceLogKind,
  sn: z.string().trim().min(1).max(64).optional(),
  begin: epochMsSchema,
  end: epochMsSchema,
  detailed: z.boolean().default(false),
};
export const deviceLogListBody = logRange(z.strictObject({ ...pageFields, ...logFilters }));
export type DeviceLogListBody = z.infer<typeof deviceLogListBody>;
export const deviceLogExportBody = logRange(z.strictObject(logFilters));
export type DeviceLogExportBody = z.infer<typeof deviceLogExportBody>;

export const deviceLogSummaryRow = z.object({
  id: z.number(),
  sn: z.string(),
  plantName: z.string(),
  timeZone: z.string(),
  kind: deviceLogKind,
  state: z.enum(DEVICE_LOG_STATES),
  error: z.string().nullable(),
  size: z.number().nullable(),
  requestedBy: z.string(),
  requestedAt: z.number(),
  uploadedAt: z.number().nullable(),
  /** Only in the detailed view. */
  summary: deviceLogSummary.nullable(),
});
export type DeviceLogRow = z.infer<typeof deviceLogSummaryRow>;
export const deviceLogListResult = z.object({ total: z.number(), logs: z.array(deviceLogSummaryRow) });

/**
 * Ageing (burn-in, issue 24): a run of inverters on the factory's rack, judged by the ageing job against its criteria:
 * no fault raised, the mean output within `tolerancePct` of the rack's load `outputKw`, the inverter temperature
 * never above `maxTemperature`.
 */
export const AGING_DEVICE_STATUSES = ['waiting', 'running', 'pass', 'fail'] as const;
export type AgingDeviceStatus = (typeof AGING_DEVICE_STATUSES)[number];
export const AGING_REASONS = ['fault', 'temperature', 'output', 'noData'] as const;
export type AgingReason = (typeof AGING_REASONS)[number];
export const AGING_RUN_STATES = ['running', 'finished'] as const;
/** A run's longest duration: a week on the rack. */
export const AGING_MAX_MINUTES = 7 * 24 * 60;

const limited = (min: number, max: number) =>
  z.number({ error: 'validation.invalid' }).min(min, { error: 'aging.outOfRange' }).max(max, { error: 'aging.outOfRange' });
export const agingRunCreateBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  sns: z.array(deviceSnSchema).min(1, { error: 'aging.devicesRequired' }).max(500),
  durationMinutes: z.number().int({ error: 'validation.invalid' }).min(10, { error: 'aging.outOfRange' }).max(AGING_MAX_MINUTES, {
    error: 'aging.outOfRange',
  }),
  outputKw: limited(0.1, 1000),
  tolerancePct: limited(0.5, 50),
  maxTemperature: limited(30, 120),
});
export type AgingRunCreateBody = z.infer<typeof agingRunCreateBody>;

const agingCounts = z.object({ devices: z.number(), waiting: z.number(), running: z.number(), pass: z.number(), fail: z.number() });
export const agingRunSummary = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(AGING_RUN_STATES),
  startedAt: z.number(),
  endsAt: z.number(),
  createdBy: z.string(),
  outputKw: z.number(),
  tolerancePct: z.number(),
  maxTemperature: z.number(),
  counts: agingCounts,
});
export type AgingRunSummary = z.infer<typeof agingRunSummary>;
export const agingRunListBody = z.strictObject({ ...pageFields });
export const agingRunListResult = z.object({ total: z.number(), runs: z.array(agingRunSummary) });

const agingJudgement = {
  sn: z.string(),
  plantName: z.string(),
  timeZone: z.string(),
  status: z.enum(AGING_DEVICE_STATUSES),
  /** Why it failed, and the value behind it: the fault code, the temperature (°C) or the mean output (kW). */
  reason: z.enum(AGING_REASONS).nullable(),
  reasonValue: z.number().nullable(),
  samples: z.number(),
  maxTemperature: z.number().nullable(),
  meanOutput: z.number().nullable(),
  judgedAt: z.number().nullable(),
};
export const agingDeviceRow = z.object({
  ...agingJudgement,
  /** What it reported last (live status). */
  latest: z.object({ ts: z.number(), output: z.number().nullable(), temperature: z.number().nullable() }).nullable(),
});
export type AgingDeviceRow = z.infer<typeof agingDeviceRow>;
export const agingRunDetail = agingRunSummary.extend({ devices: z.array(agingDeviceRow) });
export type AgingRunDetail = z.infer<typeof agingRunDetail>;

export const agingAlarmListBody = z.strictObject({ runId: idSchema.optional(), ...pageFields });
export type AgingAlarmListBody = z.infer<typeof agingAlarmListBody>;
const agingAlarm = z.object({
  id: z.number(),
  runId: z.number(),
  runName: z.string(),
  sn: z.string(),
  timeZone: z.string(),
  code: z.number(),
  severity: z.string(),
  raisedAt: z.number(),
  clearedAt: z.number().nullable(),
});
export type AgingAlarm = z.infer<typeof agingAlarm>;
export const agingAlarmListResult = z.object({ total: z.number(), alarms: z.array(agingAlarm) });

export const agingReportExportBody = z.strictObject({ id: idSchema, format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const agingDeviceQuery = z.strictObject({
  runId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  sn: deviceSnSchema,
});
export const agingDeviceDetail = z.object({
  run: agingRunSummary.omit({ counts: true }),
  ...agingJudgement,
  /** Output (kW) and inverter temperature (°C) over the run, at most AGING_SERIES_POINTS points (means of equal spans). */
  series: z.array(z.object({ ts: z.number(), output: z.number().nullable(), temperature: z.number().nullable() })),
  alarms: z.array(agingAlarm.pick({ id: true, code: true, severity: true, raisedAt: true, clearedAt: true })),
});
export type AgingDeviceDetail = z.infer<typeof agingDeviceDetail>;
export const AGING_SERIES_POINTS = 500;
