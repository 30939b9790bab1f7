import { REPORT_ENERGY, type ReportEnergy, type ReportUnit } from '@sunstack/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { deviceVisible, organisationInBranch, plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import { selectRows } from '../../db/rawSql.ts';
import { device, organisation, plant } from '../../db/schema.ts';

/**
 * The SQL of data reports and report exports: each subject (plant or device) in scope with the sums of
 * its calendar rollup rows over a range of its own local dates. Monitoring's energy reports read these
 * very rows, so the figures are the same; nothing is recomputed from raw samples.
 */

/** What a report is over: whose rows, which rollup grain and which local dates (inclusive). */
export interface DataReportQuery {
  subject: 'plant' | 'device';
  unit: ReportUnit;
  from: string;
  to: string;
  plant?: string;
  organisationId?: number;
  country?: string;
  series?: string;
  model?: string;
}

/** A device's series: its model's name up to the first '-' (H3-10.0 → H3). */
export const seriesOf = (model: SQL) => sql`split_part(${model}, '-', 1)`;

/** Each figure's rollup column (report names → rollup_calendar columns). */
const ROLLUP_COLUMN: Record<ReportEnergy, string> = {
  pv: 'pv',
  generation: 'generation',
  feedin: 'feedin',
  gridImport: 'grid_consumption',
  load: 'loads',
  charge: 'charge',
  discharge: 'discharge',
};

/** The subjects in scope that pass the filters: their rollup id, plant, names, zone and kWp. */
function subjects(db: Db, scope: Scope, q: DataReportQuery): SQL {
  const ofBranch =
    q.organisationId === undefined
      ? undefined
      : sql`${plant.organisationId} in (select b.id from organisation b, organisation top
          where top.id = ${q.organisationId} and b.path like top.path || '%')`;
  const common = [q.plant ? contains(plant.name, q.plant) : undefined, q.country ? eq(plant.country, q.country) : undefined, ofBranch];
  if (q.subject === 'plant') {
    const ofDevices =
      q.series || q.model
        ? sql`exists (select 1 from device d where d.plant_id = ${plant.id}
            ${q.series ? sql`and ${seriesOf(sql`d.model`)} = ${q.series}` : sql``} ${q.model ? sql`and d.model = ${q.model}` : sql``})`
        : undefined;
    return sql`select ${plant.id} as subject_id, ${plant.id} as plant_id, ${plant.name} as plant_name, '' as sn, '' as model,
        ${plant.country} as country, o.name as branch, ${plant.timeZone} as time_zone,
        coalesce(${plant.pvSizeKwp}, ${plant.systemSizeKw})::float8 as kwp
      from ${plant} join ${organisation} o on o.id = ${plant.organisationId}
      where ${and(plantVisible(db, scope), ...common, ofDevices)}`;
  }
  // Devices of plants only: a device in no plant has no calendar of its own to report in.
  return sql`select ${device.id} as subject_id, ${plant.id} as plant_id, ${plant.name} as plant_name, ${device.sn} as sn,
      ${device.model} as model, ${plant.country} as country, o.name as branch, ${plant.timeZone} as time_zone, null::float8 as kwp
    from ${device} join ${plant} on ${plant.id} = ${device.plantId} and ${isNull(plant.deletedAt)}
      join ${organisation} o on o.id = ${plant.organisationId}
    where ${and(
      deviceVisible(db, scope),
      ...common,
      q.series ? sql`${seriesOf(sql`${device.model}`)} = ${q.series}` : undefined,
      q.model ? eq(device.model, q.model) : undefined,
    )}`;
}

const sums = sql.raw(REPORT_ENERGY.map((key) => `coalesce(sum(r.${ROLLUP_COLUMN[key]}), 0)::float8 as "${key}"`).join(', '));

/**
 * Every subject (those `subjectsSql` lists) with its figures: the sums of its rollup rows of the grain
 * between the dates, PV over the same dates a year before, and the ratios. The rows of both ranges are
 * read in one set and summed per subject, so PostgreSQL picks: one index range over the period for
 * everyone (migration 0059) when the subjects are many, a lookup per subject when they are few.
 */
function withFigures(q: DataReportQuery, subjectsSql: SQL): SQL {
  const lastYear = (date: string) => sql`(${date}::date - interval '1 year')::date`;
  const inRange = sql`r.start between ${q.from}::date and ${q.to}::date`;
  const energy = sql.raw(
    REPORT_ENERGY.map((key) => `coalesce(sum(r.${ROLLUP_COLUMN[key]}) filter (where in_range), 0)::float8 as "${key}"`).join(', '),
  );
  return sql`with s as materialized (${subjectsSql}),
    e as (select r.subject_id, ${energy}, coalesce(sum(r.pv) filter (where not in_range), 0)::float8 as "pvLastYear"
      from (select r.*, ${inRange} as in_range from s join rollup_calendar_now r on r.subject_kind = ${q.subject}
        and r.subject_id = s.subject_id and r.grain = ${q.unit}
        and (${inRange} or r.start between ${lastYear(q.from)} and ${lastYear(q.to)})) r
      group by r.subject_id)
    select s.*, ${sql.raw(REPORT_ENERGY.map((key) => `coalesce(e."${key}", 0)::float8 as "${key}"`).join(', '))},
      coalesce(e."pvLastYear", 0)::float8 as "pvLastYear",
      case when e.pv > 0 then greatest(0, least(1, (e.pv - e.feedin) / e.pv)) end as "selfConsumption",
      case when e.load > 0 then greatest(0, least(1, (e.load - e."gridImport") / e.load)) end as autarky,
      case when s.kwp > 0 then coalesce(e.pv, 0) / s.kwp end as "specificYield"
    from s left join e on e.subject_id = s.subject_id`;
}

/** A row of a data report as the statement answers it. */
export type FigureRow = Record<ReportEnergy | 'pvLastYear' | 'kwp' | 'selfConsumption' | 'autarky' | 'specificYield', number | null> & {
  subject_id: number;
  plant_id: number;
  plant_name: string;
  sn: string;
  model: string;
  country: string;
  branch: string;
  time_zone: string;
};

/** The column each sort key orders by. */
const SORT_COLUMN: Record<string, string> = { name: 'name_key', kwp: 'kwp', pvLastYear: '"pvLastYear"' };
const sortColumn = (sort: string) => SORT_COLUMN[sort] ?? `"${sort}"`;

const totalsOf = sql.raw(
  [
    ...REPORT_ENERGY.map((key) => `coalesce(sum("${key}"), 0)::float8 as "t_${key}"`),
    `coalesce(sum("pvLastYear"), 0)::float8 as "t_pvLastYear"`,
    'sum(kwp)::float8 as t_kwp',
    'sum(pv) filter (where kwp > 0) / nullif(sum(kwp) filter (where kwp > 0), 0) as "t_specificYield"',
    'count(*)::int as total',
  ].join(', '),
);

export function createDataReportRepo(db: Db) {
  return {
    /**
     * One page, sorted, and the totals over every subject that passes, in one statement: the figures
     * are computed once (a materialized CTE) and read by both the totals and the page.
     */
    async page(scope: Scope, q: DataReportQuery, sort: string, order: 'asc' | 'desc', limit: number, offset: number) {
      const direction = sql.raw(`${sortColumn(sort)} ${order} nulls last, subject_id ${order}`);
      return selectRows<FigureRow & Record<string, number | null>>(
        db,
        sql`with f as materialized (select x.*, lower(case when x.sn = '' then x.plant_name else x.sn end) as name_key
            from (${withFigures(q, subjects(db, scope, q))}) x),
          t as (select ${totalsOf} from f)
          select t.*, p.* from t left join lateral (select * from f order by ${direction} limit ${limit} offset ${offset}) p on true`,
      );
    },

    /** Subjects with figures after `afterId` in id order, `limit` of them: a report export reads its subjects in such batches. */
    async batch(scope: Scope, q: DataReportQuery, afterId: number, limit: number) {
      return selectRows<FigureRow>(
        db,
        sql`select * from (${withFigures(q, sql`select * from (${subjects(db, scope, q)}) b where b.subject_id > ${afterId} order by b.subject_id limit ${limit}`)}) x
          order by x.subject_id`,
      );
    },

    /** How many subjects a report covers. */
    async count(scope: Scope, q: DataReportQuery) {
      const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from (${subjects(db, scope, q)}) s`);
      return row?.n ?? 0;
    },

    /** The fleet's figures per local day or month of the range (every subject's rows of that date summed), for the report's chart. */
    async series(scope: Scope, q: DataReportQuery) {
      return selectRows<{ start: string } & Record<ReportEnergy, number>>(
        db,
        sql`select to_char(r.start, 'YYYY-MM-DD') as start, ${sums}
          from (${subjects(db, scope, q)}) s join rollup_calendar_now r on r.subject_kind = ${q.subject} and r.subject_id = s.subject_id
            and r.grain = ${q.unit} and r.start between ${q.from}::date and ${q.to}::date
          group by r.start order by r.start`,
      );
    },

    /**
     * Each of the given subjects' figures per local day or month of the range (their rollup rows as they are),
     * for the per-plant charts of a report; the ids come from a batch already read in the caller's scope.
     */
    async seriesOf(q: DataReportQuery, subjectIds: number[]) {
      if (subjectIds.length === 0) return [];
      return selectRows<{ subject_id: number; start: string } & Record<ReportEnergy, number>>(
        db,
        sql`select r.subject_id, to_char(r.start, 'YYYY-MM-DD') as start, ${sums}
          from rollup_calendar_now r
          where r.subject_kind = ${q.subject} and r.subject_id = any(${`{${subjectIds.map(Number).join(',')}}`}::bigint[])
            and r.grain = ${q.unit} and r.start between ${q.from}::date and ${q.to}::date
          group by r.subject_id, r.start order by r.subject_id, r.start`,
      );
    },

    /** The filters' choices in scope: branches, and the series and models of visible devices. */
    async choices(scope: Scope) {
      const branches = await db
        .select({ id: organisation.id, name: organisation.name })
        .from(organisation)
        .where(organisationInBranch(scope))
        .orderBy(organisation.path)
        .limit(500);
      const models = await selectRows<{ model: string }>(
        db,
        sql`select distinct ${device.model} as model from ${device} where ${device.model} <> '' and ${deviceVisible(db, scope)}
          order by 1 limit 500`,
      );
      return { branches, models: models.map((row) => row.model) };
    },
  };
}
export type DataReportRepo = ReturnType<typeof createDataReportRepo>;
