import { accountCalls, sessionCalls } from '@sunstack/shared';
import { useClientStore } from '../lib/clientStore.ts';
import { request } from '../lib/http.ts';

/** Stores a new session and the menus and buttons it grants. */
export async function startSession(token: string, access: number) {
  const store = useClientStore.getState();
  store.signIn(token, access);
  const granted = await request(accountCalls.access, undefined);
  store.setPermissions(granted.menus, granted.buttons);
}

/** Refreshes menus and buttons (they may have changed since the last visit). */
export async function refreshPermissions() {
  const granted = await request(accountCalls.access, undefined, { silent: true });
  useClientStore.getState().setPermissions(granted.menus, granted.buttons);
  useClientStore.setState({ access: granted.access });
}

export async function signOut() {
  try {
    await request(sessionCalls.logout, undefined, { silent: true });
  } finally {
    useClientStore.getState().clearSession();
  }
}
