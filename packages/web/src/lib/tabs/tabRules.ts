/**
 * The tab rules of spec sections 2 and 4 as pure functions over the tab list, so they can be
 * tested on their own. The first tab is always the fixed home tab `tab-index`.
 */
export const HOME_TAB_ID = 'tab-index';

export interface Tab {
  /** Identifies the tab; opening an id that is open activates it. */
  id: string;
  /** Route name of the screen the tab shows. */
  name: string;
  /** Translation key of the title, or a literal title set by the screen. */
  title: string;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  isShow: boolean;
  /** Bumped to remount the tab's screen (refresh). */
  refreshKey: number;
}

export interface TabsState {
  tabs: Tab[];
  activeId: string;
  /** Ids in the order they were activated, for "back". */
  history: string[];
}

/**
 * Calls in flight per tab id; refresh is skipped while a tab's count is above 0. Kept apart from
 * the tabs, so a count changing leaves the tab list (and the console and screens that read it) as
 * it was: only the tab bar entry showing the count re-renders.
 */
export type TabLoading = Record<string, number>;

export type NewTab = Pick<Tab, 'id' | 'name' | 'title' | 'path'> & Partial<Pick<Tab, 'query' | 'params'>>;

export function homeTab(path: string): Tab {
  return { id: HOME_TAB_ID, name: 'index', title: 'home', path, query: {}, params: {}, isShow: true, refreshKey: 0 };
}

export function initialTabs(homePath: string): TabsState {
  return { tabs: [homeTab(homePath)], activeId: HOME_TAB_ID, history: [HOME_TAB_ID] };
}

const fresh = (tab: NewTab): Tab => ({ query: {}, params: {}, isShow: true, refreshKey: 0, ...tab });

function activate(state: TabsState, id: string): TabsState {
  return { ...state, activeId: id, history: [...state.history.filter((h) => h !== id), id] };
}

/** Opens a tab: activates it when its id is open (taking the new query), appends it otherwise. */
export function openTab(state: TabsState, tab: NewTab): TabsState {
  const existing = state.tabs.find((t) => t.id === tab.id);
  if (existing) {
    const tabs = state.tabs.map((t) =>
      t.id === tab.id ? { ...t, path: tab.path, query: tab.query ?? t.query, params: tab.params ?? t.params } : t,
    );
    return activate({ ...state, tabs }, tab.id);
  }
  return activate({ ...state, tabs: [...state.tabs, fresh(tab)] }, tab.id);
}

/** Adds a tab at the end without activating it. */
export function appendTab(state: TabsState, tab: NewTab): TabsState {
  if (state.tabs.some((t) => t.id === tab.id)) return state;
  return { ...state, tabs: [...state.tabs, fresh(tab)] };
}

/** Replaces the active tab in place; the home tab is never replaced, so the new tab is opened instead. */
export function replaceTab(state: TabsState, tab: NewTab): TabsState {
  if (state.activeId === HOME_TAB_ID || tab.id === HOME_TAB_ID) return openTab(state, tab);
  const without = state.tabs.filter((t) => t.id !== tab.id || t.id === state.activeId);
  const tabs = without.map((t) => (t.id === state.activeId ? fresh(tab) : t));
  return {
    tabs,
    activeId: tab.id,
    history: [...state.history.filter((h) => h !== state.activeId && h !== tab.id), tab.id],
  };
}

/** Closes one tab (never the home tab); closing the active one activates the next, else the previous. */
export function closeTab(state: TabsState, id: string): TabsState {
  const index = state.tabs.findIndex((t) => t.id === id);
  if (id === HOME_TAB_ID || index < 0) return state;
  const tabs = state.tabs.filter((t) => t.id !== id);
  const history = state.history.filter((h) => h !== id);
  if (id !== state.activeId) return { ...state, tabs, history };
  const next = (tabs[index] ?? tabs[index - 1]) as Tab;
  return activate({ tabs, activeId: next.id, history }, next.id);
}

export type CloseScope = 'active' | 'inactive' | 'others' | 'all';

/**
 * Closes tabs by scope. "inactive" and "others" both keep the home tab and the active one;
 * "all" keeps only the home tab and activates it.
 */
export function closeTabs(state: TabsState, scope: CloseScope): TabsState {
  switch (scope) {
    case 'active':
      return closeTab(state, state.activeId);
    case 'inactive':
    case 'others': {
      const keep = (t: Tab) => t.id === HOME_TAB_ID || t.id === state.activeId;
      return { ...state, tabs: state.tabs.filter(keep), history: state.history.filter((h) => h === HOME_TAB_ID || h === state.activeId) };
    }
    case 'all':
      return { tabs: state.tabs.filter((t) => t.id === HOME_TAB_ID), activeId: HOME_TAB_ID, history: [HOME_TAB_ID] };
  }
}

/** Goes back: closes the active tab and returns to the tab activated before it. */
export function backTab(state: TabsState): TabsState {
  if (state.activeId === HOME_TAB_ID) return state;
  const previous = state.history.filter((h) => h !== state.activeId).at(-1) ?? HOME_TAB_ID;
  const closed = closeTab(state, state.activeId);
  return activate(closed, previous);
}

/** What of a tab is kept across a reload: everything but its refresh count and visibility. */
export type SavedTab = Pick<Tab, 'id' | 'name' | 'title' | 'path' | 'query' | 'params'>;

export const savedTabs = (state: TabsState): SavedTab[] =>
  state.tabs.map(({ id, name, title, path, query, params }) => ({ id, name, title, path, query, params }));

/**
 * Puts back the tabs saved before a reload, in their saved order; a tab opened since (the address's,
 * which stays active) keeps its place among them or comes after them. The home tab stays first.
 */
export function restoreTabs(state: TabsState, saved: SavedTab[]): TabsState {
  const restored = saved.filter((tab) => tab.id !== HOME_TAB_ID);
  const savedIds = new Set(restored.map((tab) => tab.id));
  const [home, ...opened] = state.tabs as [Tab, ...Tab[]];
  const tabs = [
    home,
    ...restored.map((tab) => state.tabs.find((t) => t.id === tab.id) ?? fresh(tab)),
    ...opened.filter((tab) => !savedIds.has(tab.id)),
  ];
  // Restored tabs count as activated before the ones opened since, so "back" reaches them last.
  const history = [...restored.map((tab) => tab.id).filter((id) => !state.history.includes(id)), ...state.history];
  return { ...state, tabs, history };
}

export function selectTab(state: TabsState, id: string): TabsState {
  return state.tabs.some((t) => t.id === id) ? activate(state, id) : state;
}

export function setTabTitle(state: TabsState, title: string): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.id === state.activeId ? { ...t, title } : t)) };
}

export function changeTabLoading(loading: TabLoading, id: string, delta: 1 | -1): TabLoading {
  return { ...loading, [id]: Math.max(0, (loading[id] ?? 0) + delta) };
}

/** Remounts a tab's screen, unless it is still loading (spec section 4). */
export function refreshTab(state: TabsState, loading: TabLoading, id: string): TabsState {
  const tab = state.tabs.find((t) => t.id === id);
  if (!tab || (loading[id] ?? 0) > 0) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, refreshKey: t.refreshKey + 1 } : t)) };
}
