import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { firstSheetOf } from '../packages/server/src/test/harness.ts';
import { useSuite } from './support/suite.ts';
import { settled, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();

describe('reports (issue 22)', () => {
  it('shows the data report with its totals row and exports what it shows', async () => {
    const page = await suite.page({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/dataReport');
    const total = page.locator('.ant-table-summary').getByText('Total', { exact: true });
    await visible(total);
    const rows = page.locator('tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const shown = await rows.count();
    await snap(page, 'data-report');

    await page.getByRole('button', { name: 'Export' }).hover();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settled(page.getByRole('menuitem', { name: 'Excel (xlsx)' })).then((item) => item.click()),
    ]);
    expect(download.suggestedFilename()).toMatch(/^data-report-\d{4}-\d{2}-01-\d{4}-\d{2}-01\.xlsx$/);
    const sheet = await firstSheetOf(await readFile(await download.path()));
    expect(sheet.getRow(1).getCell(1).value).toBe('Plant');
    // Every plant of the report (the screen shows the first page of them) and the totals row.
    expect(sheet.rowCount).toBeGreaterThanOrEqual(1 + shown + 1);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');

    // Per device: the SN leads each row.
    await page.getByText('Per device', { exact: true }).click();
    await visible(page.getByRole('columnheader', { name: 'SN' }).first());
  });

  it('defines a monthly report, follows its generation and downloads its PDF', async () => {
    const page = await suite.page({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'demo_distributor', '/bus/index');
    await page.goto('/bus/plantMaintain/reportExport');
    await visible(page.getByText('No reports yet.'));
    await page.getByRole('button', { name: 'New report' }).click();
    await page.getByLabel('Name').fill('Branch yield');
    await page.getByText('Grid export (kWh)', { exact: true }).click();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    const row = page.locator('tr.ant-table-row', { hasText: 'Branch yield' });
    await visible(row);
    // The job runs in the background; the list follows it until the generation is complete.
    await row.getByText('Generation complete').waitFor({ timeout: 30_000 });
    await snap(page, 'report-export');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Branch yield-\d{4}-\d{2}\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
