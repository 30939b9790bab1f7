import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { run as alarms } from './alarms.ts';
import { run as authCall } from './authCall.ts';
import { run as chartRender } from './chartRender.ts';
import { run as commands } from './commands.ts';
import { run as connections } from './connections.ts';
import { run as documentUpload } from './documentUpload.ts';
import { run as expectedYield } from './expectedYield.ts';
import { type BenchResult, type Figure, markdownTable } from './figures.ts';
import { run as firstStart } from './firstStart.ts';
import { run as ingest } from './ingest.ts';
import { run as ivCurves } from './ivCurves.ts';
import { run as loginPageJs } from './loginPageJs.ts';
import { run as mosquittoPersistence } from './mosquittoPersistence.ts';
import { run as openApi } from './openApi.ts';
import { run as plantDetailJs } from './plantDetailJs.ts';
import { run as plantMap } from './plantMap.ts';
import { run as reports } from './reports.ts';
import { run as rollupRound } from './rollupRound.ts';
import { run as scopeLists } from './scopeLists.ts';
import { run as series } from './series.ts';
import { run as sustainedIngest } from './sustainedIngest.ts';
import { run as templateBatch } from './templateBatch.ts';
import { run as upgradeTask } from './upgradeTask.ts';

const BENCHMARKS: { title: string; run: () => Promise<BenchResult> }[] = [
  { title: 'Authenticated light call vs bare Fastify', run: authCall },
  { title: 'Login page JavaScript', run: loginPageJs },
  { title: 'Plant detail JavaScript', run: plantDetailJs },
  { title: 'Plant and device lists at scale', run: scopeLists },
  { title: 'Plant map clusters at scale', run: plantMap },
  { title: 'Ingest', run: ingest },
  { title: 'Sustained ingest with rollups', run: sustainedIngest },
  { title: 'Rollup round', run: rollupRound },
  { title: 'Embedded first start', run: firstStart },
  { title: 'Mosquitto persistence', run: mosquittoPersistence },
  { title: 'Series calls and fleet summary', run: series },
  { title: 'Alarms', run: alarms },
  { title: 'Memory per connected datalogger', run: connections },
  { title: 'Chart render', run: chartRender },
  { title: 'Command round trip', run: commands },
  { title: 'Template to 10,000 dataloggers', run: templateBatch },
  { title: 'Open API', run: openApi },
  { title: 'Data report and report export at scale', run: reports },
  { title: 'Expected yield', run: expectedYield },
  { title: 'Upload of a 29 MB PDF', run: documentUpload },
  { title: 'Upgrade task of 10,000 devices', run: upgradeTask },
  { title: 'I-V scans of 1,000 inverters', run: ivCurves },
];

const RESULTS = new URL('./RESULTS.md', import.meta.url);

function distro(): string {
  try {
    const line = readFileSync('/etc/os-release', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('PRETTY_NAME='));
    return line ? line.slice('PRETTY_NAME='.length).replace(/^"|"$/g, '') : '';
  } catch {
    return '';
  }
}

function machine(database: string, loadAtStart: number): [string, string][] {
  const cpus = os.cpus();
  const load = (value: number) => value.toFixed(2);
  return [
    ['OS', `${distro() || os.type()} (${os.type()} ${os.release()}, ${os.arch()})`],
    ['CPU', `${cpus[0]?.model.trim() ?? 'unknown'}, ${os.availableParallelism()} cores`],
    ['Memory', `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`],
    ['Node.js', process.version],
    ['Database', database],
    [
      'Load average (1 min)',
      `${load(loadAtStart)} at the start, ${load(os.loadavg()[0] ?? 0)} at the end (this run itself keeps about one core busy)`,
    ],
  ];
}

const verdict = (figure: Figure) => (figure.pass === undefined ? '' : figure.pass ? 'PASS' : 'FAIL');

function printTable(rows: string[][]) {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const [index, row] of rows.entries()) {
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`);
    if (index === 0) process.stdout.write(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  }
}

async function main() {
  const started = new Date();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const results: BenchResult[] = [];
  // `npm run bench -- ingest alarms`: only the benchmarks whose title holds a word given, and RESULTS.md stays as it is.
  const only = process.argv.slice(2).map((word) => word.toLowerCase());
  const chosen = only.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => only.some((word) => b.title.toLowerCase().includes(word)));
  for (const bench of chosen) {
    process.stdout.write(`\n${bench.title}…\n`);
    try {
      results.push(await bench.run());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`  FAILED: ${error instanceof Error ? (error.stack ?? message) : message}\n`);
      results.push({
        title: bench.title,
        figures: [{ name: bench.title, value: 'did not run', budget: 'runs', pass: false }],
        details: [`**Failed:** ${message}`],
      });
    }
  }

  const figures = results.flatMap((result) => result.figures);
  process.stdout.write('\n');
  printTable([['Figure', 'Value', 'Budget', 'Result'], ...figures.map((f) => [f.name, f.value, f.budget ?? '', verdict(f)])]);
  const failed = figures.filter((f) => f.pass === false);
  if (failed.length > 0) {
    process.stderr.write(`Budget missed: ${failed.map((f) => `${f.name} = ${f.value} (budget ${f.budget})`).join('; ')}\n`);
    process.exitCode = 1;
  }
  if (chosen !== BENCHMARKS) {
    process.stdout.write('\nPart of the benchmarks: RESULTS.md left as it is.\n');
    for (const result of results) process.stdout.write(`\n${result.details.join('\n')}\n`);
    return;
  }

  const database = results.find((r) => r.database)?.database ?? 'unknown';
  const md = [
    '# Benchmark results',
    '',
    'Written by `bench/run.ts`; overwritten on every run.',
    '',
    `- Date: ${started.toISOString()}`,
    '- Command: `npm run bench` (from the repository root: builds the web app, then runs `tsx run.ts` in `bench/`)',
    `- Verdict: ${failed.length === 0 ? 'all budgets met' : `${failed.length} budget(s) missed: ${failed.map((f) => f.name).join(', ')}`}`,
    '',
    '## Machine',
    '',
    ...markdownTable(['What', 'Value'], machine(database, loadAtStart)),
    '',
    'Everything runs in one Node.js process: autocannon, the app and the hello-world server share the same cores (and one event loop), ' +
      'so absolute requests per second are lower than with a separate load generator. Both servers are measured the same way in the ' +
      'same run, which is what the ratio needs.',
    '',
    '## Figures',
    '',
    ...markdownTable(
      ['Figure', 'Value', 'Budget', 'Result'],
      figures.map((f) => [f.name, f.value, f.budget ?? '', verdict(f)]),
      [1],
    ),
    '',
    ...results.flatMap((result) => [`## ${result.title}`, '', ...result.details, '']),
  ].join('\n');
  writeFileSync(RESULTS, md);
  process.stdout.write(`\nWrote ${decodeURIComponent(RESULTS.pathname)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
