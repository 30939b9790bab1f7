#!/usr/bin/env node
// The README's test command: typecheck, lint, unit and API tests, then browser tests in Debian's
// Chromium. Browser tests never skip: without Chromium this fails and says what to install.
// `--database-tests`: only the server's tests, which hold every statement the server runs: CI's second
// pass, on PostgreSQL. Typecheck, lint, build and the shared, simulator and web tests do not depend on
// the database; the browser tests drive the same calls through a page, and CI's first pass ran them
// (on PGlite): a second browser pass doubled CI's time for no statement the server tests leave out.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}. Install Debian's package: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
const database = process.env.DATABASE_URL ? `PostgreSQL (${process.env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')})` : 'PGlite';
console.log(`Database for API and browser tests: ${database}`);
mkdirSync('.artifacts', { recursive: true });

/** Runs a command, its output shown as it comes (or kept and shown later: `quiet`); answers whether it passed. */
function run(title, command, args, quiet = false) {
  return new Promise((resolve) => {
    if (!quiet) console.log(`\n=== ${title} ===`);
    const output = [];
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: false });
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (quiet) {
        console.log(`\n=== ${title} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code !== 0) console.error(`\n${title} failed.`);
      resolve(code === 0);
    });
  });
}

async function vitest(title, projects, report) {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const ok = await run(title, 'npx', args);
  const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  return { title, ok, passed: counts.numPassedTests, failed: counts.numFailedTests, failures: failuresOf(counts) };
}

// The failed tests of a vitest JSON report, each with the first line of its error: CI keeps only the end of
// the output, so the summary repeats them there.
function failuresOf(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`${name}: ${String(file.message).split('\n')[0]}`];
    return tests.map((t) => `${name} > ${t.fullName}: ${firstLineOf(t.failureMessages?.[0])}`);
  });
}

// Vitest's timeouts (a test's, a hook's, vi.waitFor's) carry the stack of a placeholder error whose first line reads
// STACK_TRACE_ERROR, and the JSON report keeps only the stack: say "timed out" and where, from the stack's test frame.
function firstLineOf(message) {
  const lines = String(message ?? '').split('\n');
  if (!lines[0]?.includes('STACK_TRACE_ERROR')) return lines[0];
  const where = lines
    .find((line) => /\.test\.tsx?:\d+/.test(line))
    ?.trim()
    .replace(/^at /, '')
    .replace(`${process.cwd()}/`, '');
  return `timed out${where ? ` at ${where}` : ''}`;
}

async function step(title, command, args, quiet = false) {
  return { title, ok: await run(title, command, args, quiet), passed: 0, failed: 0, failures: [] };
}

/** Steps one after another (one core's worth), their output shown as each ends. */
async function inSequence(list) {
  const results = [];
  for (const [title, command, args] of list) results.push(await step(title, command, args, true));
  return results;
}

const databaseTestsOnly = process.argv.includes('--database-tests');
// Typecheck, lint, boundaries and the web build run beside the unit tests, which wait on databases and brokers much
// of the time; each one's output is shown when it ends. The browser tests need the build.
const checks = databaseTestsOnly
  ? Promise.resolve([])
  : inSequence([
      ['Typecheck', 'npm', ['run', 'typecheck', '--silent']],
      ['Lint', 'npx', ['biome', 'check', '.']],
      // No import circles, features apart and below the shell, no simulator in the server (.dependency-cruiser.cjs).
      ['Boundaries', 'npm', ['run', 'boundaries', '--silent']],
      ['Web build', 'npm', ['run', 'build', '-w', '@sunstack/web', '--silent']],
    ]);
const unit = vitest(
  'Unit and API tests',
  databaseTestsOnly ? ['server'] : ['shared', 'server', 'simulator', 'web'],
  '.artifacts/vitest-unit.json',
);
const steps = [...(await checks), await unit];
if (!databaseTestsOnly) {
  if (steps.find((s) => s.title === 'Web build')?.ok)
    steps.push(await vitest('Browser tests (Chromium)', ['e2e'], '.artifacts/vitest-e2e.json'));
  else steps.push({ title: 'Browser tests (Chromium)', ok: false, passed: 0, failed: 0, failures: ['not run: the web build failed'] });
}

const passed = steps.reduce((sum, s) => sum + s.passed, 0);
const failed = steps.reduce((sum, s) => sum + s.failed, 0) + steps.filter((s) => !s.ok && s.failed === 0).length;
console.log(`\n${passed} passed, ${failed} failed`);
for (const s of steps.filter((s) => !s.ok)) {
  console.log(`\n${s.title} failed${s.failures.length ? ':' : '.'}`);
  for (const failure of s.failures) console.log(`  ${failure}`);
}
process.exit(steps.every((s) => s.ok) ? 0 : 1);
