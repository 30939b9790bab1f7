import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PLANTS } from '../packages/server/src/seed/demo.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();

/** Every request the page makes that leaves the app's own server (the suite's Chromium has no internet). */
function outsideRequests(page: Page) {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(suite.server.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  return outside;
}

/** The plants the map shows: one per single-plant marker, a cluster's count for each cluster. */
async function plantsOnMap(page: Page) {
  const singles = await page.locator('.plant-map-plant').count();
  const clusters = await page.locator('.plant-map-cluster').allInnerTexts();
  return singles + clusters.reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0);
}

/** Waits until the map's plants add up to `count`: right after a zoom they can be off for a moment (CI once counted 23 of 20). */
const untilPlantsOnMap = (page: Page, count: number) => expect.poll(() => plantsOnMap(page)).toBe(count);

describe('plant map (spec section 2, /bus/plant/gaudeMap)', () => {
  it('draws the bundled country outlines without internet, with every demo plant, and a plant opens its detail', async () => {
    const page = await suite.page();
    const outside = outsideRequests(page);
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/plant');
    await page.getByRole('button', { name: 'Map' }).click();
    await waitForPath(page, '/bus/plant/gaudeMap');
    await visible(page.getByRole('region', { name: 'Map of plants' }));
    // Natural Earth outlines, served by the app itself: well over a hundred countries.
    await page.locator('.leaflet-outlines-pane path').first().waitFor({ state: 'attached' });
    expect(await page.locator('.leaflet-outlines-pane path').count()).toBeGreaterThan(100);
    await visible(page.getByText(`Plants in view: ${DEMO_PLANTS.length}`));
    await untilPlantsOnMap(page, DEMO_PLANTS.length);
    await snap(page, 'plant-map-admin');
    expect(outside).toEqual([]);

    // Zoomed out to the world, neighbouring plants (Freiburg, Lyon, Munich…) share clusters.
    for (let i = 0; i < 3; i++) {
      const zoomOut = page.getByRole('button', { name: 'Zoom out' });
      // The fitted view of a worldwide fleet may already be the widest.
      if (await zoomOut.isDisabled()) break;
      await zoomOut.click();
      await page.waitForTimeout(400);
    }
    await page.locator('.plant-map-cluster').first().waitFor();
    await untilPlantsOnMap(page, DEMO_PLANTS.length);
    await snap(page, 'plant-map-clustered');

    await page.locator('.plant-map-plant').first().click();
    await waitForPath(page, '/bus/plant/detail');
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
  });

  it("shows a distributor its branch's plants only", async () => {
    const page = await suite.page();
    await signIn(page, 'demo_distributor', '/bus/index');
    await page.goto('/bus/plant/gaudeMap');
    // The distributor's branch holds the plants of its agent.
    const branchPlants = DEMO_PLANTS.filter((plant) => plant.branch === 'agent');
    await visible(page.getByText(`Plants in view: ${branchPlants.length}`));
    await untilPlantsOnMap(page, branchPlants.length);
  });

  it('picks a location on the plant add screen by clicking the same map', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_installer', '/bus/index');
    await page.goto('/bus/plant/add');
    await page.getByRole('button', { name: 'Pick on the map' }).click();
    const map = await visible(page.getByRole('dialog').getByRole('region', { name: "Pick the plant's location" }));
    await page.locator('.ant-modal .leaflet-outlines-pane path').first().waitFor({ state: 'attached' });
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no size');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await visible(page.getByText(/^Latitude -?\d+(\.\d+)?, longitude -?\d+(\.\d+)?$/));
    await page.getByRole('button', { name: 'Use this position' }).click();
    expect(await page.getByLabel('Latitude').inputValue()).toMatch(/^-?\d+(\.\d+)?$/);
    expect(await page.getByLabel('Longitude').inputValue()).toMatch(/^-?\d+(\.\d+)?$/);
  });
});
