import { hash } from 'node:crypto';
import {
  type AccessCode,
  DEFAULT_LANGUAGE,
  Errno,
  HEADER,
  isLanguage,
  type Language,
  SIGNATURE_MAX_SKEW_MS,
  signaturePayload,
} from '@sunstack/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator, Session } from '../core/caller.ts';
import { AppError } from './errors.ts';

/**
 * Who may call a route: anyone with a valid signature, any signed-in account, or the access
 * codes of the screen the call serves (taken from the shared route table).
 */
export type RouteAccess = 'unsigned' | 'public' | 'signedIn' | readonly AccessCode[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Allowed to a session that must first change its password (the change itself, sign-out). */
    whilePasswordChangeRequired?: true;
  }
  interface FastifyRequest {
    lang: Language;
    session: Session | null;
  }
}

const REQUIRED_HEADERS = [HEADER.lang, HEADER.timestamp, HEADER.signature, HEADER.timezone] as const;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Checks the signed headers of spec section 7 and resolves the session, before the body is read. */
export function registerRequestContext(app: FastifyInstance, sessions: Authenticator, now: () => number) {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return; // not an API call (static files, docs)
    const lang = header(request, HEADER.lang);
    request.lang = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
    if (access === 'unsigned') return;
    if (REQUIRED_HEADERS.some((name) => header(request, name) === undefined)) throw new AppError(Errno.headersMissing);
    const token = header(request, HEADER.token) ?? '';
    const timestamp = header(request, HEADER.timestamp) as string;
    const path = request.url.split('?', 1)[0] as string;
    if (hash('md5', signaturePayload(path, token, lang as string, timestamp)) !== header(request, HEADER.signature)) {
      throw new AppError(Errno.signatureInvalid);
    }
    const sentAt = Number(timestamp);
    if (!Number.isFinite(sentAt) || Math.abs(now() - sentAt) > SIGNATURE_MAX_SKEW_MS) throw new AppError(Errno.timestampOutOfRange);
    if (access === 'public') return;
    if (!token) throw new AppError(Errno.tokenInvalid);
    request.session = await sessions.authenticate(token);
    if (request.session.passwordChangeRequired && !request.routeOptions.config.whilePasswordChangeRequired) {
      throw new AppError(Errno.passwordChangeRequired);
    }
    if (access !== 'signedIn' && !(access as readonly number[]).includes(request.session.access)) {
      throw new AppError(Errno.noPermission);
    }
  });
}

/** The session of a route that requires one (the hook above guarantees it). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError(Errno.tokenInvalid);
  return request.session;
}
