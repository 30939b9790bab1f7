import { createContext, useContext, useEffect } from 'react';
import type { Tab } from './tabRules.ts';
import { useTabStore } from './tabStore.ts';

/** The tab a screen is shown in, provided by the shell's tab host (app/tabs/TabHost.tsx). */
export const TabContext = createContext<Tab | null>(null);

/** The tab a screen is shown in: its query, params and id (for per-tab loading and titles). */
export function useTab(): Tab {
  const tab = useContext(TabContext);
  if (!tab) throw new Error('useTab is only for screens shown in a tab');
  return tab;
}

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
