import { performance } from 'node:perf_hooks';
import { expectedByBucket, siteOf } from '@sunstack/server/src/modules/economics/expected.ts';
import type { BenchResult } from './figures.ts';
import { markdownTable, percentile } from './figures.ts';

/** Budgets of our own (issue 21 names none for these): a year's expectation within a call, 1,000 plants' weeks within a rule round. */
const BUDGET_YEAR_MS = 500;
const BUDGET_RULE_MS = 10_000;
const RUNS = 5;
const PLANTS = 1_000;

const place = (i: number) => ({
  latitude: -40 + ((i * 7.3) % 100),
  longitude: -120 + ((i * 13.7) % 260),
  pvSizeKwp: 5 + (i % 10),
  systemSizeKw: null,
  panelTilt: i % 2 === 0 ? null : 25,
  panelAzimuth: i % 2 === 0 ? null : 160,
});

/**
 * The CPU the expected yield costs, which runs in the API process: a year of one plant (the
 * performance call's year view: 8,760 hours, typical and clear sky, 15-minute steps), and the
 * underperformance rule's first round over 1,000 plants (7 days each; later rounds reuse the days).
 */
export async function run(): Promise<BenchResult> {
  const year = Date.UTC(2025, 0, 1);
  const yearTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const found = siteOf(place(i));
    if (!found) throw new Error('no site');
    const started = performance.now();
    expectedByBucket(found.site, year, Date.UTC(2026, 0, 1), Date.now(), (ts) => new Date(ts).toISOString().slice(0, 7));
    yearTimes.push(performance.now() - started);
  }
  yearTimes.sort((a, b) => a - b);
  const started = performance.now();
  for (let i = 0; i < PLANTS; i += 1) {
    const found = siteOf(place(i));
    if (found) expectedByBucket(found.site, year, year + 7 * 86_400_000, Date.now(), () => 'week');
  }
  const ruleMs = performance.now() - started;
  const yearMs = percentile(yearTimes, 50);
  return {
    title: 'Expected yield',
    figures: [
      {
        name: "A plant's year of expected yield (median)",
        value: `${yearMs.toFixed(0)} ms`,
        budget: `<= ${BUDGET_YEAR_MS} ms`,
        pass: yearMs <= BUDGET_YEAR_MS,
      },
      {
        name: 'Underperformance rule, first round, 1,000 plants',
        value: `${(ruleMs / 1000).toFixed(2)} s`,
        budget: `<= ${BUDGET_RULE_MS / 1000} s`,
        pass: ruleMs <= BUDGET_RULE_MS,
      },
    ],
    details: [
      `Pure computation (\`economics/expected.ts\` on \`shared/src/pvYield.ts\`), ${RUNS} plants at different places for the year, ${PLANTS} for the rule's 7 days each (typical and clear sky, 15-minute steps).`,
      '',
      ...markdownTable(
        ['What', 'Value'],
        [
          ['Year, each run (ms)', yearTimes.map((ms) => ms.toFixed(0)).join(', ')],
          ['Rule round, 1,000 plants (ms)', ruleMs.toFixed(0)],
        ],
      ),
    ],
  };
}
