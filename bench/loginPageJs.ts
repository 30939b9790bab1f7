import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startApp } from './appServer.ts';
import { type BenchResult, kib } from './figures.ts';
import { collectJavaScript, largestFiles, QUIET_NOTE, totalOf } from './pageJs.ts';

export const GZIP_BUDGET_BYTES = 250 * 1024;
const WEB_DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
/** The JavaScript a browser loads to show the sign-in form, gzipped (level 9) file by file. */
export async function run(): Promise<BenchResult> {
  if (!existsSync(`${WEB_DIST}index.html`)) {
    throw new Error(
      `${WEB_DIST}index.html is missing: build the web app first (\`npm run bench\` does, or \`npm run build -w @sunstack/web\`)`,
    );
  }
  const running = await startApp(); // WEB_DIST left at its default: packages/web/dist
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const javaScript = collectJavaScript(page);

    await page.goto(`${running.baseUrl}/login`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible', timeout: 30_000 });
    const files = await javaScript.files();
    if (files.length === 0) throw new Error('the login page loaded no JavaScript: is the web build empty?');
    const raw = totalOf(files, (f) => f.raw);
    const gzip = totalOf(files, (f) => f.gzip);
    const wire = totalOf(files, (f) => f.wire);
    const encodings = [...new Set(files.map((f) => f.encoding))].join(', ');

    return {
      title: 'Login page JavaScript',
      figures: [
        { name: 'Login page JS files', value: String(files.length) },
        { name: 'Login page JS raw', value: kib(raw) },
        { name: 'Login page JS gzip -9', value: kib(gzip), budget: `<= ${kib(GZIP_BUDGET_BYTES)}`, pass: gzip <= GZIP_BUDGET_BYTES },
      ],
      details: [
        'Headless Chromium (playwright-core) opens `/login` on the real app serving `packages/web/dist`, waits for the "Sign in" button, ' +
          `${QUIET_NOTE}.`,
        '',
        `As served, the app sent ${kib(wire)} of JavaScript on the wire (content-encoding: ${encodings}).`,
        '',
        ...largestFiles(files),
      ],
    };
  } finally {
    await browser.close();
    await running.close();
  }
}
