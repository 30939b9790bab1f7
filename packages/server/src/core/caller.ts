import type { Permission } from '@sunstack/shared';
import type { FastifyRequest } from 'fastify';

/**
 * Who is calling: the identity every service checks and every repository scopes by. A console
 * session carries it today; an API key will carry the same (issue 19).
 */
export interface Session {
  accountId: number;
  access: number;
  /** The path of the account's organisation ('/1/4/'): distributors and agents see everything below it. */
  organisationPath: string;
  tokenHash: Buffer;
  /** The switches of spec section 6 it holds (permission group or role defaults), read with the session so checks stay synchronous. */
  permissions: readonly Permission[];
  /** The permission group they come from (null: the role's defaults); a change to the group evicts the session from the cache. */
  permissionGroupId: number | null;
  /** An operator set the password: until it changes, only the password change and sign-out are allowed (41920). */
  passwordChangeRequired: boolean;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Where a call came from, for the logs and the attempt limits. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * Turns what a call presents into its caller, or throws the errno that says why not (41808-41810).
 * The console's sessions do it for tokens today; API keys will answer the same Session.
 */
export interface Authenticator {
  authenticate(token: string): Promise<Session>;
}
