import { HOME_PATH } from '@sunstack/shared';
import { message } from 'antd';
import { create } from 'zustand';
import { i18next } from '../i18n.ts';
import * as rules from './tabRules.ts';

interface TabStore extends rules.TabsState {
  /** Not reset with the tabs: each screen's useTabBusy gives its count back when it unmounts. */
  loading: rules.TabLoading;
  /** Opens a tab; without an id it only warns (spec section 2: "specify a tabId"). */
  open(tab: Partial<rules.NewTab> & Omit<rules.NewTab, 'id'>): void;
  append(tab: rules.NewTab): void;
  replace(tab: rules.NewTab): void;
  select(id: string): void;
  close(id: string): void;
  closeScope(scope: rules.CloseScope): void;
  back(): void;
  setTitle(title: string): void;
  changeLoading(id: string, delta: 1 | -1): void;
  refresh(id: string): void;
  reset(): void;
  /** Puts back the tabs saved before a reload (tabStorage.ts). */
  restore(saved: rules.SavedTab[]): void;
}

export const useTabStore = create<TabStore>()((set) => ({
  ...rules.initialTabs(HOME_PATH),
  loading: {},
  open: (tab) => {
    if (!tab.id) {
      void message.warning(i18next.t('tabs.specifyTabId'));
      return;
    }
    set((state) => rules.openTab(state, tab as rules.NewTab));
  },
  append: (tab) => set((state) => rules.appendTab(state, tab)),
  replace: (tab) => set((state) => rules.replaceTab(state, tab)),
  select: (id) => set((state) => rules.selectTab(state, id)),
  close: (id) => set((state) => rules.closeTab(state, id)),
  closeScope: (scope) => set((state) => rules.closeTabs(state, scope)),
  back: () => set((state) => rules.backTab(state)),
  setTitle: (title) => set((state) => rules.setTabTitle(state, title)),
  changeLoading: (id, delta) => set((state) => ({ loading: rules.changeTabLoading(state.loading, id, delta) })),
  refresh: (id) => set((state) => rules.refreshTab(state, state.loading, id)),
  reset: () => set(rules.initialTabs(HOME_PATH)),
  restore: (saved) => set((state) => rules.restoreTabs(state, saved)),
}));

export const activeTab = (state: rules.TabsState) => state.tabs.find((t) => t.id === state.activeId) as rules.Tab;

/** Whether a tab has calls in flight: a boolean, so its tab bar entry re-renders only when that flips. */
export const tabBusy = (id: string) => (state: TabStore) => (state.loading[id] ?? 0) > 0;
