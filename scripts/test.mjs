#!/usr/bin/env node
// The README's test command: typecheck, lint, unit and API tests, then browser tests in Debian's
// Chromium. Browser tests never skip: without Chromium this fails and says what to install.
// `--database-tests`: only the server's tests, which hold every statement the server runs: CI's second
// pass, on PostgreSQL. Typecheck, lint, build and the shared, simulator and web tests do not depend on
// the database; the browser tests drive the same calls through a page, and CI's first pass ran them
// (on PGlite): a second browser pass doubled CI's time for no statement the server tests leave out.
import { spawnSync } from 'node:child_process';
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

function run(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    return false;
  }
  return true;
}

function vitest(title, projects, report) {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const ok = run(title, 'npx', args);
  const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  return { ok, passed: counts.numPassedTests, failed: counts.numFailedTests };
}

const databaseTestsOnly = process.argv.includes('--database-tests');
const steps = [];
if (!databaseTestsOnly) {
  steps.push({ ok: run('Typecheck', 'npm', ['run', 'typecheck', '--silent']), passed: 0, failed: 0 });
  steps.push({ ok: run('Lint', 'npx', ['biome', 'check', '.']), passed: 0, failed: 0 });
  // No import circles, features apart and below the shell, no simulator in the server (.dependency-cruiser.cjs).
  steps.push({ ok: run('Boundaries', 'npm', ['run', 'boundaries', '--silent']), passed: 0, failed: 0 });
}
steps.push(
  vitest('Unit and API tests', databaseTestsOnly ? ['server'] : ['shared', 'server', 'simulator', 'web'], '.artifacts/vitest-unit.json'),
);
if (!databaseTestsOnly) {
  steps.push({ ok: run('Web build', 'npm', ['run', 'build', '-w', '@sunstack/web', '--silent']), passed: 0, failed: 0 });
  steps.push(vitest('Browser tests (Chromium)', ['e2e'], '.artifacts/vitest-e2e.json'));
}

const passed = steps.reduce((sum, s) => sum + s.passed, 0);
const failed = steps.reduce((sum, s) => sum + s.failed, 0) + steps.filter((s) => !s.ok && s.failed === 0).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
