import { guard } from '@sunstack/shared';
import type { DataRouter, Location } from 'react-router';
import { useClientStore } from '../../lib/clientStore.ts';
import { BUILT_APP_ROUTES, BUILT_ROUTES } from '../../lib/screens.ts';
import { HOME_TAB_ID } from '../../lib/tabs/tabRules.ts';
import { activeTab, useTabStore } from '../../lib/tabs/tabStore.ts';

const addressOf = (location: Pick<Location, 'pathname' | 'search'>) => `${location.pathname}${location.search}`;
const queryString = (query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `?${search}` : '';
};

/**
 * Keeps the address bar and the active tab in step while the console is shown: a console address the guard lets
 * through opens its tab, a change of the active tab (a click, a close) moves the address. Both follow the router's
 * own events, not React's `location`: the router tells its subscribers the moment the address changes, React renders
 * the new location later (in a transition), and a tab clicked in between acted on the tabs of before (CI lost a Home
 * click that way, and a tab closed at once opened again). On start the address leads. Answers the function that stops.
 */
export function followAddress(router: DataRouter): () => void {
  let address = '';
  const openAddressTab = (location: Location) => {
    // The router also reports changes that keep the address (a navigation's states): they open nothing, or a tab
    // chosen since would lose the front.
    if (addressOf(location) === address) return;
    address = addressOf(location);
    const route = BUILT_APP_ROUTES.find((r) => r.path === location.pathname);
    if (!route || guard(location.pathname, useClientStore.getState(), BUILT_ROUTES).kind !== 'allow') return;
    const id = route.name === 'index' ? HOME_TAB_ID : address;
    const query = Object.fromEntries(new URLSearchParams(location.search));
    useTabStore.getState().open({ id, name: route.name, title: route.title, path: location.pathname, query });
  };
  openAddressTab(router.state.location);
  const stopRouter = router.subscribe((state) => openAddressTab(state.location));
  const stopTabs = useTabStore.subscribe((state, previous) => {
    if (state.activeId === previous.activeId) return;
    const active = activeTab(state);
    const target = `${active.path}${queryString(active.query)}`;
    if (target !== address) void router.navigate(target);
  });
  return () => {
    stopRouter();
    stopTabs();
  };
}
