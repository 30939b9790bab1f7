import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { startApp } from './appServer.ts';
import { type BenchResult, kib, markdownTable } from './figures.ts';

export const GZIP_BUDGET_BYTES = 250 * 1024;
const WEB_DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
/** After the form shows, how long no new JavaScript may arrive before the count is final. */
const QUIET_MS = 1000;

interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  /** Bytes on the wire as the app served it, and with which content-encoding. */
  wire: number;
  encoding: string;
}

const isJavaScript = (response: Response) =>
  /javascript|ecmascript/i.test(response.headers()['content-type'] ?? '') || /\.m?js$/i.test(new URL(response.url()).pathname);

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
    const pending: Promise<JsFile>[] = [];
    let lastJsAt = Date.now();
    page.on('response', (response) => {
      if (!isJavaScript(response)) return;
      lastJsAt = Date.now();
      pending.push(
        (async () => {
          if (response.status() !== 200) throw new Error(`${response.url()} answered HTTP ${response.status()}`);
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            wire: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });

    await page.goto(`${running.baseUrl}/login`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    while (Date.now() - lastJsAt < QUIET_MS) await page.waitForTimeout(QUIET_MS - (Date.now() - lastJsAt));

    const byUrl = new Map((await Promise.all(pending)).map((file) => [file.url, file]));
    const files = [...byUrl.values()].sort((a, b) => b.gzip - a.gzip);
    if (files.length === 0) throw new Error('the login page loaded no JavaScript: is the web build empty?');
    const sum = (pick: (file: JsFile) => number) => files.reduce((total, file) => total + pick(file), 0);
    const raw = sum((f) => f.raw);
    const gzip = sum((f) => f.gzip);
    const wire = sum((f) => f.wire);
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
          `network idle and ${QUIET_MS} ms without new JavaScript; every JavaScript response is counted once and gzipped at level 9 (KB = 1024 bytes).`,
        '',
        `As served, the app sent ${kib(wire)} of JavaScript on the wire (content-encoding: ${encodings}).`,
        '',
        'The 5 largest files:',
        '',
        ...markdownTable(
          ['File', 'raw', 'gzip -9'],
          files.slice(0, 5).map((f) => [`\`${f.url}\``, kib(f.raw), kib(f.gzip)]),
          [1, 2],
        ),
      ],
    };
  } finally {
    await browser.close();
    await running.close();
  }
}
