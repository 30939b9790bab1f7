import { APP_ROUTES } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { ICONS, menuItems } from './menuItems.tsx';

const t = ((key: string) => key) as unknown as Parameters<typeof menuItems>[1];
type Entry = { key: string; children?: Entry[] };
const keys = (menus: string[]) =>
  (menuItems(menus, t) as Entry[]).map((item) => (item.children ? { [item.key]: item.children.map((child) => child.key) } : item.key));

describe('side menu', () => {
  it('gives every entry at the top of the menu an icon, as the first ones have', () => {
    const top = APP_ROUTES.filter((route) => !route.parent && !route.hidden).map((route) => route.name);
    expect(top.filter((name) => !(name in ICONS))).toEqual([]);
  });

  it('groups a screen under its group even when the group is not a screen itself', () => {
    expect(keys(['index', 'plant-maintain', 'fault-record', 'alarm'])).toEqual([
      '/bus/index',
      '/bus/alarm',
      { 'plant-maintain': ['/bus/plantMaintain/faultRecord'] },
    ]);
  });

  it('shows no group without a screen of it the account reaches', () => {
    // After-sales reached, but none of its screens (every one of them exists now).
    expect(keys(['index', 'after-sale'])).toEqual(['/bus/index']);
  });

  it('shows an agent version management with module upgrade, its one screen there', () => {
    expect(keys(['index', 'version', 'module-upgrade-agent'])).toEqual(['/bus/index', { version: ['/bus/version/'] }]);
  });

  it('opens a group that is a screen itself from its first entry', () => {
    expect(keys(['plant', 'plant-view'])).toEqual([{ plant: ['/bus/plant', '/bus/plant/view'] }]);
  });
});
