import { z } from 'zod';
import { countryCodeSchema, emailSchema } from './common.ts';
import { idSchema, pageFields } from './plant.ts';

/**
 * Data reports, report exports and their tasks (issue 22). Energy comes from the rollups in each
 * plant's own calendar, so a report's figures equal the monitoring screens'. Dates are local dates
 * of each plant ('2026-03-01'), never instants.
 */

/** A real calendar date: '2026-02-31' is refused here, not by the database. */
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateInvalid' })
  .refine((date) => !Number.isNaN(Date.parse(date)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), {
    error: 'validation.dateInvalid',
  });

/** The calendar rows a report adds up: days, months or years (spec section 9's time dimensions). */
export const REPORT_UNITS = ['day', 'month', 'year'] as const;
export type ReportUnit = (typeof REPORT_UNITS)[number];
/** The longest range of each unit one data report adds up (a fleet's rows per plant stay few). */
export const REPORT_MAX_SPAN: Record<ReportUnit, number> = { day: 31, month: 24, year: 10 };

/** A report's energy figures (kWh) in the order of the screen and the files. */
export const REPORT_ENERGY = ['pv', 'generation', 'feedin', 'gridImport', 'load', 'charge', 'discharge'] as const;
export type ReportEnergy = (typeof REPORT_ENERGY)[number];
/** Every column a data report sorts by. */
export const DATA_REPORT_SORTS = ['name', 'kwp', ...REPORT_ENERGY, 'selfConsumption', 'autarky', 'specificYield', 'pvLastYear'] as const;
export type DataReportSort = (typeof DATA_REPORT_SORTS)[number];

/** How many units a range spans, both ends counted: '2026-01-01'..'2026-03-01' in months is 3. */
export function unitsSpanned(unit: ReportUnit, from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  if (unit === 'year') return ty - fy + 1;
  if (unit === 'month') return (ty - fy) * 12 + (tm - fm) + 1;
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/** A month's or a year's rows start on the first of it. */
const startsUnit = (unit: ReportUnit, date: string) =>
  unit === 'day' || (unit === 'month' ? date.endsWith('-01') : date.endsWith('-01-01'));

const dataReportFields = {
  /** Figures per plant, or per device (each device's own rollups). */
  subject: z.enum(['plant', 'device']).default('plant'),
  unit: z.enum(REPORT_UNITS),
  from: localDate,
  to: localDate,
  /** Part of a plant's name. */
  plant: z.string().trim().max(32).optional(),
  /** A branch (organisation) and the ones below it. */
  organisationId: idSchema.optional(),
  country: countryCodeSchema.optional(),
  /** A device series: the model's name up to its first '-' (H3-10.0 is of series H3). */
  series: z.string().trim().min(1).max(32).optional(),
  model: z.string().trim().min(1).max(64).optional(),
  sort: z.enum(DATA_REPORT_SORTS).default('pv'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

/** A range must be in order, start on its unit and span at most REPORT_MAX_SPAN units. */
function rangeChecked<T extends z.ZodType<{ unit: ReportUnit; from: string; to: string }>>(schema: T) {
  return schema
    .refine((body) => body.from <= body.to, { error: 'validation.rangeInvalid', path: ['to'] })
    .refine((body) => startsUnit(body.unit, body.from) && startsUnit(body.unit, body.to), {
      error: 'validation.dateInvalid',
      path: ['from'],
    })
    .refine((body) => body.from > body.to || unitsSpanned(body.unit, body.from, body.to) <= REPORT_MAX_SPAN[body.unit], {
      error: 'report.rangeTooLong',
      path: ['to'],
    });
}

export const dataReportBody = rangeChecked(z.strictObject({ ...pageFields, ...dataReportFields }));
export type DataReportBody = z.input<typeof dataReportBody>;
export const dataReportExportBody = rangeChecked(z.strictObject({ ...dataReportFields, format: z.enum(['xlsx', 'csv']) }));
export type DataReportExportBody = z.input<typeof dataReportExportBody>;

const energyFields = Object.fromEntries(REPORT_ENERGY.map((key) => [key, z.number()])) as Record<ReportEnergy, z.ZodNumber>;
/** Figures of a row or of the totals: energy in kWh, ratios 0..1 (null without PV or load), kWh per kWp. */
const figures = z.object({
  ...energyFields,
  selfConsumption: z.number().nullable(),
  autarky: z.number().nullable(),
  specificYield: z.number().nullable(),
  /** PV yield of the same period a year before. */
  pvLastYear: z.number(),
  kwp: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof figures>;

export const dataReportRow = figures.extend({
  plantId: z.number(),
  plantName: z.string(),
  /** The device's SN and model on a report per device; empty on one per plant. */
  sn: z.string(),
  model: z.string(),
  country: z.string(),
  branch: z.string(),
  timeZone: z.string(),
});
export type DataReportRow = z.infer<typeof dataReportRow>;
export const dataReportResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  rows: z.array(dataReportRow),
  totals: figures,
});
export type DataReportResult = z.infer<typeof dataReportResult>;

/** Choices of the data report's filters: the caller's branches, and the series and models of its devices. */
export const dataReportFilterChoices = z.object({
  branches: z.array(z.object({ id: z.number(), name: z.string() })),
  series: z.array(z.string()),
  models: z.array(z.string()),
});

// Report exports (spec sections 3 and 4).

/** Report export supports only data after this date (spec section 9). */
export const REPORT_FIRST_DATE = '2024-09-01';
export const REPORT_KINDS = ['monthly', 'annual'] as const;
export const REPORT_DATA_TYPES = ['pv', 'generation', 'feedin', 'gridImport', 'load'] as const;
export type ReportDataType = (typeof REPORT_DATA_TYPES)[number];
export const REPORT_TASK_STATES = ['generating', 'done', 'failed'] as const;
export type ReportTaskState = (typeof REPORT_TASK_STATES)[number];
/** At most this many recipients of a report's mail. */
export const REPORT_RECIPIENTS_MAX = 10;

export const reportDefinitionFields = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'report.nameLength' }).max(64, { error: 'report.nameLength' }),
    kind: z.enum(REPORT_KINDS),
    /** The month ('2026-03-01') or the year ('2026-01-01') reported; a scheduled report starts there. */
    date: localDate,
    summary: z.enum(['plant', 'device']),
    dataTypes: z.array(z.enum(REPORT_DATA_TYPES)).min(1, { error: 'report.dataTypesRequired' }).max(REPORT_DATA_TYPES.length),
    series: z.string().trim().max(32).default(''),
    emailPush: z.boolean().default(false),
    /** Addresses of accounts the caller sees (its own at least); the mail is in each account's language. */
    recipients: z.array(emailSchema).max(REPORT_RECIPIENTS_MAX).default([]),
    /** Every month (monthly) or year (annual) from `date` on, once the period has ended. */
    scheduled: z.boolean().default(false),
  })
  .refine((body) => (body.kind === 'monthly' ? body.date.endsWith('-01') : body.date.endsWith('-01-01')), {
    error: 'validation.dateInvalid',
    path: ['date'],
  })
  .refine((body) => !body.emailPush || body.recipients.length > 0, { error: 'report.recipientsRequired', path: ['recipients'] });
export type ReportDefinitionInput = z.input<typeof reportDefinitionFields>;

export const reportDefinitionListBody = z.strictObject({ ...pageFields });
const reportTask = z.object({
  id: z.number(),
  periodStart: z.string(),
  state: z.enum(REPORT_TASK_STATES),
  /** 0..100 while generating. */
  progress: z.number(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  /** Which files can be downloaded (done tasks). */
  files: z.array(z.enum(['xlsx', 'pdf'])),
});
export type ReportTask = z.infer<typeof reportTask>;
export const reportDefinition = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  date: z.string(),
  summary: z.enum(['plant', 'device']),
  dataTypes: z.array(z.enum(REPORT_DATA_TYPES)),
  series: z.string(),
  emailPush: z.boolean(),
  recipients: z.array(z.string()),
  scheduled: z.boolean(),
  createdAt: z.number(),
  /** The newest task first. */
  tasks: z.array(reportTask),
});
export type ReportDefinition = z.infer<typeof reportDefinition>;
export const reportDefinitionListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  reports: z.array(reportDefinition),
});
export const reportIdBody = z.strictObject({ id: idSchema });
export const reportFileBody = z.strictObject({ task: idSchema, format: z.enum(['xlsx', 'pdf']) });

// Installation trends (/bus/other/trend) and devops (/bus/powerStation/devops).

export const TREND_DIMENSIONS = ['none', 'branch', 'country', 'series', 'model'] as const;
export type TrendDimension = (typeof TREND_DIMENSIONS)[number];
/** The longest range of installation trends, in months. */
export const TREND_MAX_MONTHS = 36;
export const trendBody = rangeChecked(
  z.strictObject({
    unit: z.literal('month').default('month'),
    from: localDate,
    to: localDate,
    by: z.enum(TREND_DIMENSIONS).default('none'),
  }),
).refine((body) => unitsSpanned('month', body.from, body.to) <= TREND_MAX_MONTHS, { error: 'report.rangeTooLong', path: ['to'] });
export type TrendBody = z.input<typeof trendBody>;
const trendFigures = { plants: z.number(), devices: z.number(), kwp: z.number() };
export const trendResult = z.object({
  months: z.array(z.string()),
  /** A group per value of the dimension (the ten largest), each with its figures per month and a year before. */
  groups: z.array(
    z.object({
      key: z.string(),
      months: z.array(z.object({ ...trendFigures, lastYear: z.object(trendFigures) })),
    }),
  ),
});
export type TrendResult = z.infer<typeof trendResult>;

/** A datalogger's signal below this (dBm) is weak. */
export const WEAK_SIGNAL_DBM = -75;
const devopsDevice = z.object({
  sn: z.string(),
  type: z.string(),
  model: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string(),
  /** What the list is about: since when (ms), a count, a signal, a ratio. */
  value: z.number().nullable(),
  detail: z.string(),
});
export type DevopsDevice = z.infer<typeof devopsDevice>;
export const DEVOPS_LISTS = ['offlineDataloggers', 'silentDevices', 'weakSignal', 'lowYield', 'repeatedFaults', 'stuckCommands'] as const;
export type DevopsList = (typeof DEVOPS_LISTS)[number];
export const devopsResult = z.object({
  lists: z.array(z.object({ list: z.enum(DEVOPS_LISTS), total: z.number(), rows: z.array(devopsDevice) })),
  firmware: z.array(z.object({ type: z.string(), model: z.string(), part: z.string(), version: z.string(), devices: z.number() })),
});
export type DevopsResult = z.infer<typeof devopsResult>;
