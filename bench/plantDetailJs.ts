import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createFleetPlant } from '@sunstack/server/src/test/fleetFixture.ts';
import { uplinkTopic } from '@sunstack/shared';
import { chromium } from 'playwright-core';
import { createBenchAdmin, startApp, waitForRollups } from './appServer.ts';
import { type BenchResult, kib } from './figures.ts';
import { collectJavaScript, largestFiles, QUIET_NOTE, signInThroughForm, totalOf } from './pageJs.ts';

/** Issue 21: a plant detail opened cold, charts included. */
const GZIP_BUDGET_BYTES = 450 * 1024;
const WEB_DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const FIVE_MINUTES = 300_000;

/** The JavaScript a signed-in browser with an empty cache loads to show a plant's detail with its day chart. */
export async function run(): Promise<BenchResult> {
  if (!existsSync(`${WEB_DIST}index.html`)) {
    throw new Error(
      `${WEB_DIST}index.html is missing: build the web app first (\`npm run bench\` does, or \`npm run build -w @sunstack/web\`)`,
    );
  }
  const running = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await createBenchAdmin(running.database, 'detail_admin');
    // A plant with the last three hours of 5-minute samples, so its day chart draws (and loads the charting code).
    const plant = await createFleetPlant(running.database.db);
    const now = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
    const samples = Array.from({ length: 36 }, (_, i) => ({
      ts: now - (35 - i) * FIVE_MINUTES,
      device: plant.devices[0]?.sn,
      vars: { pvPower: 2 + i / 10, loadsPower: 1, PVEnergyTotal: 100 + i * 0.2 },
    }));
    const topic = uplinkTopic(plant.dataloggerSn, 'telemetry');
    await running.app.ingest.receive(plant.dataloggerSn, topic, Buffer.from(JSON.stringify({ seq: 1, samples })));
    await waitForRollups(running.database.db);

    // Signed in once; the measured page is a new context with that session and an empty cache.
    const signIn = await browser.newContext({ locale: 'en-US' });
    const first = await signIn.newPage();
    await signInThroughForm(first, running.baseUrl, 'detail_admin');
    const session = await signIn.storageState();
    await signIn.close();

    const context = await browser.newContext({ locale: 'en-US', storageState: session, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const javaScript = collectJavaScript(page);
    await page.goto(`${running.baseUrl}/bus/plant/detail?id=${plant.plantId}`);
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    const files = await javaScript.files();
    const gzip = totalOf(files, (f) => f.gzip);
    return {
      title: 'Plant detail JavaScript',
      figures: [
        { name: 'Plant detail (cold) JS files', value: String(files.length) },
        { name: 'Plant detail (cold) JS raw', value: kib(totalOf(files, (f) => f.raw)) },
        {
          name: 'Plant detail (cold) JS gzip -9',
          value: kib(gzip),
          budget: `<= ${kib(GZIP_BUDGET_BYTES)}`,
          pass: gzip <= GZIP_BUDGET_BYTES,
        },
      ],
      details: [
        'Headless Chromium (playwright-core, 1440 × 900) signed in as an administrator; a new context with that session and an empty cache opens ' +
          `\`/bus/plant/detail\` of a plant with three hours of data and waits for its day chart's canvas, then ${QUIET_NOTE}.`,
        '',
        ...largestFiles(files),
      ],
    };
  } finally {
    await browser.close();
    await running.close();
  }
}
