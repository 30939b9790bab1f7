import { accountCalls, sessionCalls } from '@sunstack/shared';
import { startSession } from '../../../api/session.ts';
import { request } from '../../../lib/http.ts';

/** A session that signed in with a one-time password and may only change it (or sign out). */
export interface PendingSession {
  token: string;
  access: number;
  oneTimePassword: string;
}

/** Replaces the one-time password with the account's own, then stores the session. */
export async function replaceOneTimePassword(pending: PendingSession, newPassword: string) {
  await request(accountCalls.password, { oldPassword: pending.oneTimePassword, newPassword }, { token: pending.token, loading: true });
  await startSession(pending.token, pending.access);
}

/** Gives up: ends the pending session on the server (it was never stored here). */
export async function abandonPendingSession(pending: PendingSession) {
  await request(sessionCalls.logout, undefined, { token: pending.token, silent: true }).catch(() => {});
}
