import { Access } from '../access.ts';
import { defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, admin: M } = Access;

/** One's own account: signing up, a forgotten password, the user center. */
export const accountCalls = {
  sendCaptcha: defineCall({
    method: 'POST',
    path: '/c/v0/user/sendcaptcha',
    access: 'public',
    body: 'sendCaptchaBody',
    answer: 'emptyResult',
    tag: 'user',
    summary: 'Email a verification code (sign-up: to the address given; reset: to the mailbox of the user name)',
  }),
  register: defineCall({
    method: 'POST',
    path: '/c/v1/user/register',
    access: 'public',
    body: 'registerBody',
    answer: 'loginResult',
    tag: 'user',
    summary: 'Sign up as an end user or installer',
  }),
  reset: defineCall({
    method: 'POST',
    path: '/c/v0/user/reset',
    access: 'public',
    body: 'resetBody',
    answer: 'emptyResult',
    tag: 'user',
    summary: 'Set a new password with an emailed code',
  }),
  info: defineCall({
    method: 'GET',
    path: '/c/v0/user/info',
    access: 'signedIn',
    answer: 'userInfo',
    tag: 'user',
    summary: "The signed-in account's details",
  }),
  access: defineCall({
    method: 'GET',
    path: '/c/v0/user/access',
    access: 'signedIn',
    answer: 'accessResult',
    tag: 'user',
    summary: 'Access number, reachable screens and button permissions',
  }),
  /** Open to the user center's roles: every role but the integrator. */
  update: defineCall({
    method: 'POST',
    path: '/c/v0/user/update',
    access: [U, I, A, D, M],
    body: 'updateInfoBody',
    answer: 'userInfo',
    tag: 'user',
    summary: 'Change profile fields and language',
  }),
  /** Every account, the integrator too: a password an operator set must be replaced before anything else. */
  password: defineCall({
    method: 'POST',
    path: '/c/v0/user/password',
    access: 'signedIn',
    whilePasswordChangeRequired: true,
    body: 'changePasswordBody',
    answer: 'emptyResult',
    tag: 'user',
    summary: 'Change the password; other sessions end',
  }),
};
