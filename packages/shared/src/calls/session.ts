import { defineCall } from './call.ts';

/** Signing in and out (the session module). */
export const sessionCalls = {
  login: defineCall({
    method: 'POST',
    path: '/c/v0/user/login',
    access: 'public',
    body: 'loginBody',
    answer: 'loginResult',
    tag: 'user',
    summary: 'Sign in with a user name or email',
  }),
  logout: defineCall({
    method: 'POST',
    path: '/c/v0/user/logout',
    access: 'signedIn',
    whilePasswordChangeRequired: true,
    answer: 'emptyResult',
    tag: 'user',
    summary: 'Sign out',
  }),
};
