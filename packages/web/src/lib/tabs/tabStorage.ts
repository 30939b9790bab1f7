import { canAccess } from '@sunstack/shared';
import { useEffect } from 'react';
import { useClientStore } from '../clientStore.ts';
import { BUILT_APP_ROUTES } from '../screens.ts';
import { type SavedTab, savedTabs } from './tabRules.ts';
import { useTabStore } from './tabStore.ts';

/** Each account's open tabs are kept under its own key, so another account signing in on this browser never gets them. */
const storageKey = (user: string) => `sunstack-tabs:${user}`;

const isText = (value: unknown) => typeof value === 'string';
const isTextRecord = (value: unknown) => typeof value === 'object' && value !== null && Object.values(value).every(isText);

/** The tabs saved for `user` that still open a screen it reaches; anything else stored there is dropped. */
export function readSavedTabs(user: string, access: number): SavedTab[] {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(storageKey(user)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored.filter((tab): tab is SavedTab => {
    if (typeof tab !== 'object' || tab === null) return false;
    const { id, name, title, path, query, params } = tab as Record<string, unknown>;
    if (![id, name, title, path].every(isText) || !isTextRecord(query) || !isTextRecord(params)) return false;
    const route = BUILT_APP_ROUTES.find((r) => r.path === path);
    return route !== undefined && route.name === name && canAccess(route, access);
  });
}

/**
 * Keeps the open tabs across a reload (issue 21, defect 6): once the signed-in account is known, the
 * tabs it had open come back around the address's tab, and every change of the tab list is saved
 * while signed in (signing out empties the tab list, and the account finds its tabs at its next sign-in).
 */
export function usePersistedTabs(user: string | undefined, access: number) {
  useEffect(() => {
    if (!user) return;
    const { restore } = useTabStore.getState();
    restore(readSavedTabs(user, access));
    const save = (tabs: SavedTab[]) => localStorage.setItem(storageKey(user), JSON.stringify(tabs));
    save(savedTabs(useTabStore.getState()));
    return useTabStore.subscribe((state, previous) => {
      if (state.tabs !== previous.tabs && useClientStore.getState().token !== null) save(savedTabs(state));
    });
  }, [user, access]);
}
