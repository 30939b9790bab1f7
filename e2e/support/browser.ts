import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-sync',
  '--disable-component-update',
];

/** The Chromium the suite drives: Debian's by default, or CHROMIUM_PATH. A missing browser fails the suite, never skips it. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** The browser's zone (Europe/Berlin unless given). */
  timezoneId?: string;
  /**
   * Whether the console's service worker may run (only the installable-app test needs it): blocked, each page comes
   * from the server, as the screens under test expect, and no cached shell answers a sign-out's navigation.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh context (own local storage, cookies) and page, so tests do not share a session. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1366, height: 900 },
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'Europe/Berlin',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // Limits, not expectations: CI runs on whatever machine the session had. On one 3.4 times slower than usual, at
  // load 11, an xlsx download (reports.test) and a firmware list (firmware.test) each took over 15 s once.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(40_000);
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) {
    // E2E_DEBUG=1: print what goes wrong in the browser (failed calls, console errors).
    page.on('response', (response) => {
      if (response.status() >= 400) console.log(`[browser] ${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => console.log(`[browser] failed ${request.url()}: ${request.failure()?.errorText}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.log(`[browser ${message.type()}] ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`[browser pageerror] ${error.message}`));
  }
  return { context, page };
}
