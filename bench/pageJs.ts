import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { BENCH_PASSWORD } from './appServer.ts';
import { kib, markdownTable } from './figures.ts';

/** After the page shows what is waited for, how long no new JavaScript may arrive before the count is final. */
const QUIET_MS = 1000;

export interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  /** Bytes on the wire as the app served it, and with which content-encoding. */
  wire: number;
  encoding: string;
}

const isJavaScript = (response: Response) =>
  /javascript|ecmascript/i.test(response.headers()['content-type'] ?? '') || /\.m?js$/i.test(new URL(response.url()).pathname);

/**
 * Counts the JavaScript a page loads from now on, each file once, gzipped at level 9. `files` waits
 * for the load event and QUIET_MS without new JavaScript, then answers the files, largest first (not for
 * network idle: a screen with a live stream keeps a request open and never goes idle).
 */
export function collectJavaScript(page: Page) {
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
  return {
    async files(): Promise<JsFile[]> {
      await page.waitForLoadState('load');
      while (Date.now() - lastJsAt < QUIET_MS) await page.waitForTimeout(QUIET_MS - (Date.now() - lastJsAt));
      const byUrl = new Map((await Promise.all(pending)).map((file) => [file.url, file]));
      return [...byUrl.values()].sort((a, b) => b.gzip - a.gzip);
    },
  };
}

export const totalOf = (files: JsFile[], pick: (file: JsFile) => number) => files.reduce((total, file) => total + pick(file), 0);

export const QUIET_NOTE = `the load event and ${QUIET_MS} ms without new JavaScript; every JavaScript response is counted once and gzipped at level 9 (KB = 1024 bytes)`;

/** The largest files, as a Markdown table for RESULTS.md. */
export const largestFiles = (files: JsFile[]) => [
  'The 5 largest files:',
  '',
  ...markdownTable(
    ['File', 'raw', 'gzip -9'],
    files.slice(0, 5).map((f) => [`\`${f.url}\``, kib(f.raw), kib(f.gzip)]),
    [1, 2],
  ),
];

/** Signs `username` in through the console's sign-in form, with BENCH_PASSWORD. */
export async function signInThroughForm(page: Page, baseUrl: string, username: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('User name or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}
