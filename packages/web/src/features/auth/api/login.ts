import { type LoginBody, sessionCalls } from '@sunstack/shared';
import { startSession } from '../../../api/session.ts';
import { request } from '../../../lib/http.ts';

/**
 * Where a sign-in leads: the console, or first a new password when an operator set a one-time
 * one (the session is then not stored until the password changes: every other call would answer 41920).
 */
export type SignInOutcome = { access: number } & ({ passwordChangeRequired: false } | { passwordChangeRequired: true; token: string });

/**
 * Signs in and stores the session. A plain function, not a query hook: the sign-in page is the
 * first everyone loads, and needs no query machinery (bench).
 */
export async function signIn(body: LoginBody): Promise<SignInOutcome> {
  const { token, access, passwordChangeRequired } = await request(sessionCalls.login, body, { loading: true });
  if (passwordChangeRequired) return { access, passwordChangeRequired, token };
  await startSession(token, access);
  return { access, passwordChangeRequired };
}
