import { readdirSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newPage, type PageOptions } from './browser.ts';
import { ARTIFACTS_DIR } from './paths.ts';
import { type E2EServer, startServer } from './server.ts';
import { snap } from './ui.ts';

/** Screenshots of failed tests are named FAILED-<file>-<test>; a new run of the file removes the old ones. */
const failedPrefix = (filepath: string) => `FAILED-${basename(filepath).replace(/\.test\.ts$/, '')}-`;

function removeOldFailureShots(prefix: string) {
  let names: string[] = [];
  try {
    names = readdirSync(ARTIFACTS_DIR);
  } catch {
    return; // no artifacts yet
  }
  for (const name of names) if (name.startsWith(prefix)) rmSync(`${ARTIFACTS_DIR}${name}`, { force: true });
}

export interface Suite {
  readonly server: E2EServer;
  readonly browser: Browser;
  /** A page in a fresh browser context (signed out, empty local storage), closed after the test. */
  page(options?: PageOptions): Promise<Page>;
}

/**
 * One server and one Chromium for the test file (beforeAll/afterAll); a fresh context per page,
 * so tests stay independent. A failed test leaves a screenshot FAILED-<file>-<test>.png for review.
 */
export function useSuite(): Suite {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  const open: { context: BrowserContext; page: Page }[] = [];

  // biome-ignore lint/correctness/noEmptyPattern: Vitest 4 wants the fixture context destructured; the file is the 2nd argument
  beforeAll(async ({}, file) => {
    removeOldFailureShots(failedPrefix(file.file.filepath));
    browser = await launchBrowser();
    server = await startServer();
  });
  afterEach(async ({ task }) => {
    const pages = open.splice(0);
    if (task.result?.state === 'fail') {
      const name = `${failedPrefix(task.file.filepath)}${task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}`;
      await Promise.all(pages.map(({ page }, index) => snap(page, index === 0 ? name : `${name}-${index}`).catch(() => {})));
    }
    await Promise.all(pages.map(({ context }) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('The server is not started (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not launched (beforeAll failed?)');
      return browser;
    },
    async page(options) {
      const opened = await newPage(this.browser, this.server.baseUrl, options);
      open.push(opened);
      return opened.page;
    },
  };
}
