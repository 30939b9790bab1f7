import { DEFAULT_LANGUAGE, Errno, type Language } from '@sunstack/shared';
import { ERRNO_MESSAGES } from '@sunstack/shared/errno-messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.ts';

/** FoxESS's envelope: `msg` is "success" on success (foxess-ha accepts nothing else), else the errno's message. */
export const success = (result: unknown) => ({ errno: 0, msg: 'success', result });

const messageOf = (errno: number, lang: Language) =>
  ERRNO_MESSAGES[lang][String(errno)] ?? ERRNO_MESSAGES[DEFAULT_LANGUAGE][String(errno)] ?? '';

/**
 * Every Open API error as FoxESS answers it: HTTP 200, `{errno, msg, result: null}`, the message in
 * the call's language. A wrong or out-of-scope id or SN is 40261 (FoxESS's "incorrect inverter id"),
 * whatever kind of object it names; an invalid body 40257; anything unforeseen is logged and 41200.
 */
export function handleOpenApiError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
  let errno: number;
  if (error instanceof AppError) errno = error.errno === Errno.notFound ? Errno.wrongDevice : error.errno;
  else if (hasZodFastifySchemaValidationErrors(error)) errno = Errno.bodyInvalid;
  else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) errno = Errno.bodyInvalid;
  else {
    request.log.error({ err: error }, 'unhandled Open API error');
    errno = Errno.queryFailed;
  }
  return reply.status(200).send({ errno, msg: messageOf(errno, request.lang), result: null });
}
