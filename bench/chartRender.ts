import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { createBenchAdmin, startApp } from './appServer.ts';
import { type BenchResult, markdownTable, percentile } from './figures.ts';
import { signInThroughForm } from './pageJs.ts';

const WEB_DIST = process.env.WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const RENDERS = 10;
const BUDGET_P95_MS = 100;
const DAY_MS = 86_400_000;
const SN = 'CHART-INV-1';

/**
 * A device with a year of 5-minute and hourly rollups up to today, as the ingest leaves them (a
 * PV curve over the day with a bit of noise), written by SQL; its latest values name the variables.
 */
function deviceSql(admin: number, from: Date, to: Date) {
  return `
    INSERT INTO plant (organisation_id, installer_id, name, type, country, time_zone, system_size_kw, created_by)
    SELECT id, ${admin}, 'Chart plant', 'residential', 'DE', 'Europe/Berlin', 10, ${admin} FROM organisation WHERE parent_id IS NULL;
    INSERT INTO datalogger (sn, secret_hash, organisation_id, plant_id, registered_by)
    SELECT '900000000000001', 'bench', organisation_id, id, ${admin} FROM plant;
    INSERT INTO device (sn, datalogger_sn, plant_id, type, model, last_seen_at)
    SELECT '${SN}', '900000000000001', id, 'inverter', 'Chart 10K', now() FROM plant;
    INSERT INTO telemetry_latest (device_id, ts, vars)
    SELECT id, now(), '{"pvPower": 4.2, "loadsPower": 1.1, "feedinPower": 3.1}' FROM device;
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, sums, counts)
    SELECT 'device', d.id, '5m', t, p / 12, jsonb_build_object('pvPower', p, 'loadsPower', 0.8, 'feedinPower', p * 0.6),
      '{"pvPower": 1, "loadsPower": 1, "feedinPower": 1}'
    FROM device d, generate_series('${from.toISOString()}'::timestamptz, '${to.toISOString()}'::timestamptz, interval '5 minutes') AS t,
      LATERAL (SELECT round((greatest(0, 8 * sin(pi() * (extract(hour FROM t) + extract(minute FROM t) / 60 - 5) / 14)) * (0.7 + 0.3 * random()))::numeric, 3)::float8 AS p) v;
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, sums, counts)
    SELECT 'device', subject_id, '1h', date_trunc('hour', start), sum(pv),
      jsonb_build_object('pvPower', sum((sums->>'pvPower')::float8), 'loadsPower', sum((sums->>'loadsPower')::float8),
        'feedinPower', sum((sums->>'feedinPower')::float8)),
      jsonb_build_object('pvPower', count(*), 'loadsPower', count(*), 'feedinPower', count(*))
    FROM rollup_interval WHERE grain = '5m' GROUP BY subject_id, date_trunc('hour', start);
    `;
}

interface Render {
  /** From the history answer parsed to the chart drawn by uPlot, and to the frame after it painted (ms). */
  drawn: number;
  painted: number;
  /** Points the page asked for, and per series the points it got. */
  asked: number;
  points: number[];
}

/**
 * Runs in the page before its scripts: notes when a history answer has been parsed, and when
 * Chart.tsx marks the chart drawn, waits for the next frame to be painted (a message posted from
 * requestAnimationFrame runs once the frame is out) and records the times in `benchRenders`.
 * Plain JavaScript in a string: a function would be sent as tsx compiled it, with helpers the page lacks.
 */
const INSTRUMENT = `
  const renders = (window.benchRenders = []);
  let answer;
  const originalFetch = window.fetch;
  window.fetch = async (...args) => {
    const response = await originalFetch(...args);
    if (String(args[0]).endsWith('/device/history/query')) {
      const json = response.json.bind(response);
      response.json = async () => {
        const body = await json();
        const asked = JSON.parse(args[1].body).points;
        answer = { at: performance.now(), asked, points: body.result.series.map((s) => s.data.length) };
        return body;
      };
    }
    return response;
  };
  const originalMark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = originalMark(name, options);
    const from = answer;
    if (name === 'chart-drawn' && from) {
      answer = undefined;
      const drawn = performance.now() - from.at;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => renders.push({ drawn, painted: performance.now() - from.at, asked: from.asked, points: from.points });
        channel.port2.postMessage(null);
      });
    }
    return entry;
  };`;

/** Chooses a range in the device page's picker, as a user types it, and waits for the chart to be painted. */
async function chooseRange(page: Page, begin: string, end: string, rendersBefore: number): Promise<Render> {
  const [start, stop] = [page.getByLabel('Period').first(), page.getByLabel('Period').last()];
  await start.click();
  await start.fill(begin);
  await start.press('Enter');
  await stop.fill(end);
  await stop.press('Enter');
  await page.waitForFunction((count) => (window as unknown as { benchRenders: Render[] }).benchRenders.length > count, rendersBefore);
  return page.evaluate((index) => (window as unknown as { benchRenders: Render[] }).benchRenders[index] as Render, rendersBefore);
}

/** A year of 5-minute data in the console's device history chart, from the answer to the painted frame. */
export async function run(): Promise<BenchResult> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `${join(WEB_DIST, 'index.html')} is missing: build the web app first (\`npm run bench\` does, or \`npm run build -w @sunstack/web\`)`,
    );
  }
  const server = await startApp({ WEB_DIST });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const admin = await createBenchAdmin(server.database, 'chart_admin');
    const today = new Date(new Date().setUTCHours(0, 0, 0, 0));
    await server.database.execute(deviceSql(admin.id, new Date(today.getTime() - 366 * DAY_MS), today));

    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    await signInThroughForm(page, server.baseUrl, 'chart_admin');
    await page.goto(`${server.baseUrl}/bus/device/inverterDetail?sn=${SN}`);
    await page.getByText('pvPower').first().waitFor();

    // A year ending today, starting one day later each time: every range is a new answer.
    const day = (offset: number) => new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const renders: Render[] = [];
    for (let i = 0; i <= RENDERS; i += 1) renders.push(await chooseRange(page, `${day(-365 + i)} 00:00`, `${day(0)} 00:00`, i));
    const [first, ...rest] = renders as [Render, ...Render[]];
    const width = Math.round((await page.getByRole('img', { name: 'History' }).boundingBox())?.width ?? 0);
    const painted = rest.map((r) => r.painted).sort((a, b) => a - b);
    const drawn = rest.map((r) => r.drawn).sort((a, b) => a - b);
    const p95 = percentile(painted, 95);
    const ms = (value: number) => value.toFixed(1);
    return {
      title: 'Chart render',
      database: server.engine,
      figures: [
        {
          name: `Chart render p95, a year of 5-minute data (${first.points.join(' + ')} points)`,
          value: `${ms(p95)} ms`,
          budget: `< ${BUDGET_P95_MS} ms`,
          pass: p95 < BUDGET_P95_MS,
        },
        { name: 'Chart first render', value: `${ms(first.painted)} ms` },
      ],
      details: [
        'Headless Chromium (playwright-core, 1440 × 900) on the real app: an administrator opens the console device page',
        '(`/bus/device/inverterDetail`) of an inverter with a year of 5-minute and hourly rollups, and types a year into the',
        `history range picker, ${RENDERS + 1} times, a day later each time so every answer is new. Each render is timed in the page`,
        'from the `device/history/query` answer parsed to the chart drawn (the `chart-drawn` mark of `Chart.tsx`, after',
        "uPlot's draw) and to the next frame painted (a message posted from requestAnimationFrame). Each render draws a new",
        'chart; the figures are those after the first, which comes with the page.',
        `The chart is ${width} px wide and asked for ${first.asked} points; the server averaged the year's hourly rollups down to ${first.points.join(' + ')}.`,
        '',
        ...markdownTable(
          ['Render', 'points', 'drawn p50 ms', 'drawn p95 ms', 'painted p50 ms', 'painted p95 ms'],
          [
            ['first', first.points.join(' + '), ms(first.drawn), '', ms(first.painted), ''],
            [
              `next ${RENDERS}`,
              rest[0]?.points.join(' + ') ?? '',
              ms(percentile(drawn, 50)),
              ms(percentile(drawn, 95)),
              ms(percentile(painted, 50)),
              ms(p95),
            ],
          ],
          [1, 2, 3, 4, 5],
        ),
      ],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
