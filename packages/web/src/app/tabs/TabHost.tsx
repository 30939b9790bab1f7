import { routeByPath } from '@sunstack/shared';
import { Spin } from 'antd';
import { memo, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useClientStore } from '../../lib/clientStore.ts';
import { useContentHeights } from '../../lib/layout.ts';
import { TabContext } from '../../lib/tabs/tabContext.ts';
import type { Tab } from '../../lib/tabs/tabRules.ts';
import { activeTab, useTabStore } from '../../lib/tabs/tabStore.ts';
import { screenOf } from '../screens.ts';
import { tabTitle } from './TabBar.tsx';

/** Shows the page title of the active tab: the route title, translated from the navBar section. */
function useDocumentTitle(tab: Tab) {
  const { t } = useTranslation();
  const title = tabTitle(tab, t);
  useEffect(() => {
    document.title = `${title} - Sunstack`;
  }, [title]);
}

/**
 * Renders the screen of every open tab that has been in front and shows only the active one, so a
 * screen keeps its state (filters, scroll, form input) while another tab is in front. Tabs restored
 * after a reload mount when first shown, not all at once. With the tab view off, only the active
 * screen is mounted. Nothing mounts before the address's tab is in front: the console's first render
 * still has home in front, and mounting it would load home's screen behind a page opened by its address.
 */
export function TabHost() {
  const tabs = useTabStore((state) => state.tabs);
  const active = useTabStore(activeTab);
  const tabView = useClientStore((state) => state.tabView);
  const heights = useContentHeights(tabView);
  const { pathname } = useLocation();
  const shownBefore = useRef(new Set<string>()).current;
  useDocumentTitle(active);
  if (shownBefore.size === 0 && routeByPath(pathname) && active.path !== pathname) return null;
  shownBefore.add(active.id);
  const shown = tabView ? tabs.filter((tab) => shownBefore.has(tab.id)) : [active];

  return shown.map((tab) => <TabPane key={tab.id} tab={tab} hidden={tab.id !== active.id} minHeight={heights.content - 64} />);
}

/**
 * One tab's screen, memoised: opening, closing or retitling a tab re-renders no other tab's screen,
 * and switching tabs only the two it shows and hides.
 */
const TabPane = memo(function TabPane({ tab, hidden, minHeight }: { tab: Tab; hidden: boolean; minHeight: number }) {
  const Screen = screenOf(tab.name);
  if (!Screen) return null;
  return (
    <div hidden={hidden} style={{ minHeight }}>
      <TabContext.Provider value={tab}>
        <Suspense fallback={<Spin />}>
          <Screen key={tab.refreshKey} />
        </Suspense>
      </TabContext.Provider>
    </div>
  );
});
