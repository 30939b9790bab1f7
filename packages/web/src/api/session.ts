import type { AccessResult } from '@sunstack/shared';
import { useClientStore } from '../lib/clientStore.ts';
import { request } from '../lib/http.ts';

/** Stores a new session and the menus and buttons it grants. */
export async function startSession(token: string, access: number) {
  const store = useClientStore.getState();
  store.signIn(token, access);
  const granted = await request<AccessResult>('GET', '/c/v0/user/access');
  store.setPermissions(granted.menus, granted.buttons);
}

/** Refreshes menus and buttons (they may have changed since the last visit). */
export async function refreshPermissions() {
  const granted = await request<AccessResult>('GET', '/c/v0/user/access', { silent: true });
  useClientStore.getState().setPermissions(granted.menus, granted.buttons);
  useClientStore.setState({ access: granted.access });
}

export async function signOut() {
  try {
    await request('POST', '/c/v0/user/logout', { body: {}, silent: true });
  } finally {
    useClientStore.getState().clearSession();
  }
}
