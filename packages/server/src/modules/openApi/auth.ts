import { hash } from 'node:crypto';
import {
  type ApiQuota,
  DEFAULT_LANGUAGE,
  Errno,
  HEADER,
  isLanguage,
  openApiSignaturePayload,
  SIGNATURE_MAX_SKEW_MS,
} from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { ApiKeyService, QuotaAnswer } from '../apiKey/service.ts';

const SECONDS_PER_DAY = 86_400;

declare module 'fastify' {
  interface FastifyRequest {
    /** The account's quota as this call's count left it (user/getAccessCount answers it). */
    apiQuota?: ApiQuota;
  }
}

/** Node gives header names in lower case, whatever case the client sent (foxesscloud sends `Token`, foxess-ha `token`). */
function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The standard rate-limit headers (IETF draft RateLimit header fields, the form most clients read):
 * the day's quota, what is left of it and when it resets; `Retry-After` on a refusal.
 */
function rateLimitHeaders(reply: FastifyReply, answer: QuotaAnswer, perSecond: number) {
  const { callsPerDay, remainingToday } = answer.quota;
  reply.header('ratelimit-policy', `${callsPerDay};w=${SECONDS_PER_DAY}, ${perSecond};w=1`);
  reply.header('ratelimit-limit', String(callsPerDay));
  reply.header('ratelimit-remaining', String(remainingToday));
  if (answer.taken) reply.header('ratelimit-reset', String(answer.resetSec));
  else {
    reply.header('ratelimit-reset', String(answer.retryAfterSec));
    reply.header('retry-after', String(answer.retryAfterSec));
  }
}

/**
 * Authenticates an Open API call before its body is read: the headers FoxESS clients send (40256 when
 * one is missing), the key (41809 unknown, 41808 revoked), the call counted against the account's
 * quota (40400 past it, with Retry-After; a call of a known key counts whatever follows, failed ones
 * too), then the signature and the timestamp's window (40256, as FoxESS answers both).
 */
export function openApiAuthentication(apiKeys: ApiKeyService, now: () => number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = header(request, HEADER.lang);
    request.lang = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
    const token = header(request, HEADER.token);
    const timestamp = header(request, HEADER.timestamp);
    const signature = header(request, HEADER.signature);
    if (!token || !timestamp || !signature) throw new AppError(Errno.headersMissing);
    const session = await apiKeys.authenticate(token);
    const quota = await apiKeys.takeCall(session.accountId);
    rateLimitHeaders(reply, quota, apiKeys.callsPerSecond);
    if (!quota.taken) throw new AppError(Errno.tooFrequent);
    request.apiQuota = quota.quota;
    const path = request.url.split('?', 1)[0] as string;
    if (hash('md5', openApiSignaturePayload(path, token, timestamp)) !== signature) throw new AppError(Errno.headersMissing);
    const sentAt = Number(timestamp);
    if (!/^[0-9]{1,15}$/.test(timestamp) || Math.abs(now() - sentAt) > SIGNATURE_MAX_SKEW_MS) throw new AppError(Errno.headersMissing);
    request.session = session;
  };
}
