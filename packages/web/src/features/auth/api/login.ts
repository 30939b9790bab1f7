import type { LoginBody } from '@sunstack/shared';
import { startSession } from '../../../api/session.ts';
import { request } from '../../../lib/http.ts';

/**
 * Signs in and stores the session; answers the access number. A plain function, not a query
 * hook: the sign-in page is the first everyone loads, and needs no query machinery (bench).
 */
export async function signIn(body: LoginBody): Promise<number> {
  const { token, access } = await request<{ token: string; access: number }>('POST', '/c/v0/user/login', { body, loading: true });
  await startSession(token, access);
  return access;
}
