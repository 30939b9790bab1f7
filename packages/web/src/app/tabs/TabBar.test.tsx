// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadConsoleStrings } from '../../lib/i18n.ts';
import { TabBar } from './TabBar.tsx';
import { activeTab, useTabStore } from './tabStore.ts';

// React asks for this flag before it lets act() flush updates outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('tab bar (spec section 2: loading counted per tab)', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadConsoleStrings();
  });
  afterEach(() => useTabStore.getState().reset());

  it("shows a tab loading while its screen's calls are in flight, leaving the tab list as it was", () => {
    const { open, changeLoading } = useTabStore.getState();
    open({ id: 'center', name: 'user-center', title: 'userCenter', path: '/bus/user/center' });
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<TabBar />));
    const entries = () => [...container.querySelectorAll('li')];
    const spinning = () => entries().map((entry) => entry.querySelector('[aria-label="loading"]') !== null);
    expect(entries().map((entry) => entry.textContent)).toEqual(['Home', 'User center']);
    expect(spinning()).toEqual([false, false]);

    // The console and the screens read the tab list and the active tab: a count must not replace them.
    const { tabs } = useTabStore.getState();
    const active = activeTab(useTabStore.getState());
    act(() => {
      changeLoading('center', 1);
      changeLoading('center', 1);
    });
    expect(spinning()).toEqual([false, true]);
    expect(useTabStore.getState().tabs).toBe(tabs);
    expect(activeTab(useTabStore.getState())).toBe(active);

    act(() => changeLoading('center', -1));
    expect(spinning()).toEqual([false, true]);
    act(() => changeLoading('center', -1));
    expect(spinning()).toEqual([false, false]);
    act(() => root.unmount());
  });
});
