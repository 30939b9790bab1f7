// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { activeTab, useTabStore } from '../../lib/tabs/tabStore.ts';
import { mount, setUpScreenTests } from '../../test/screen.tsx';
import { TabBar } from './TabBar.tsx';

describe('tab bar (spec section 2: loading counted per tab)', () => {
  setUpScreenTests();

  it("shows a tab loading while its screen's calls are in flight, leaving the tab list as it was", () => {
    const { open, changeLoading } = useTabStore.getState();
    open({ id: 'center', name: 'user-center', title: 'userCenter', path: '/bus/user/center' });
    const { container, unmount } = mount(<TabBar />);
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
    unmount();
  });
});
