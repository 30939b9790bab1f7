import { describe, expect, it } from 'vitest';
import { useSuite } from './support/suite.ts';
import { sideMenu, signIn, visible } from './support/ui.ts';

const suite = useSuite();

describe('installable console (issue 21, feature 5)', () => {
  it('links its manifest, runs a worker that keeps only the app shell, and opens offline', async () => {
    const page = await suite.page({ serviceWorkers: 'allow' });
    await signIn(page, 'demo_user', '/bus/index');
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      const answer = await fetch(link);
      return { type: answer.headers.get('content-type'), body: await answer.json() };
    });
    expect(manifest.type).toContain('application/manifest+json');
    expect(manifest.body).toMatchObject({ name: 'Sunstack', display: 'standalone', start_url: '/' });
    expect(manifest.body.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A screen full of API answers, under the worker's control.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await visible(sideMenu(page));
    const kept = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      return paths;
    });
    expect(kept).toContain('/');
    expect(kept.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(kept.filter((path) => /^\/(c|op|api|device-log)\//.test(path))).toEqual([]);

    // Offline, the shell still opens (the console then says what it cannot load).
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    // The shell's own title, or the screen's once the app has rendered it from the cache.
    expect(await page.title()).toMatch(/(^| - )Sunstack$/);
    await page.context().setOffline(false);
  });
});
