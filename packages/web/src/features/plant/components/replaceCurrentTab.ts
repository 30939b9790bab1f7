import { routeByPath } from '@sunstack/shared';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';

/** Shows `path` in the active tab instead of the current screen: a form that is done makes way for its result. */
export function replaceCurrentTab(path: string) {
  const url = new URL(path, window.location.origin);
  const route = routeByPath(url.pathname);
  if (!route) return;
  useTabStore.getState().replace({
    id: `${url.pathname}${url.search}`,
    name: route.name,
    title: route.title,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
  });
}
