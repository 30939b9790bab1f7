import { Spin } from 'antd';
import { createContext, memo, Suspense, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../lib/clientStore.ts';
import { useContentHeights } from '../../lib/layout.ts';
import { SCREENS } from '../screens.ts';
import { tabTitle } from './TabBar.tsx';
import type { Tab } from './tabRules.ts';
import { activeTab, useTabStore } from './tabStore.ts';

const TabContext = createContext<Tab | null>(null);

/** The tab a screen is shown in: its query, params and id (for per-tab loading and titles). */
export function useTab(): Tab {
  const tab = useContext(TabContext);
  if (!tab) throw new Error('useTab is only for screens shown in a tab');
  return tab;
}

/** Shows the page title of the active tab: the route title, translated from the navBar section. */
function useDocumentTitle(tab: Tab) {
  const { t } = useTranslation();
  const title = tabTitle(tab, t);
  useEffect(() => {
    document.title = `${title} - Sunstack`;
  }, [title]);
}

/**
 * Renders every open tab's screen and shows only the active one, so a screen keeps its state
 * (filters, scroll, form input) while another tab is in front. With the tab view off, only the
 * active screen is mounted.
 */
export function TabHost() {
  const tabs = useTabStore((state) => state.tabs);
  const active = useTabStore(activeTab);
  const tabView = useClientStore((state) => state.tabView);
  const heights = useContentHeights(tabView);
  useDocumentTitle(active);
  const shown = tabView ? tabs : [active];

  return shown.map((tab) => <TabPane key={tab.id} tab={tab} hidden={tab.id !== active.id} minHeight={heights.content - 64} />);
}

/**
 * One tab's screen, memoised: opening, closing or retitling a tab re-renders no other tab's screen,
 * and switching tabs only the two it shows and hides.
 */
const TabPane = memo(function TabPane({ tab, hidden, minHeight }: { tab: Tab; hidden: boolean; minHeight: number }) {
  const Screen = SCREENS[tab.name];
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

/**
 * Counts a screen's work in flight against its tab (spec section 2: loading counted per tab): the tab
 * bar entry shows it, and refresh waits for it.
 */
export function useTabBusy(busy: boolean) {
  const { id } = useTab();
  useEffect(() => {
    if (!busy) return;
    const { changeLoading } = useTabStore.getState();
    changeLoading(id, 1);
    return () => changeLoading(id, -1);
  }, [busy, id]);
}
