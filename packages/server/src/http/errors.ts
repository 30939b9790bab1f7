import { Errno, type ErrnoCode } from '@sunstack/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export interface Issue {
  path: string;
  message: string;
}

/** The one error type services throw: an errno from the catalogue, and for bad input the fields at fault. */
export class AppError extends Error {
  constructor(
    readonly errno: ErrnoCode,
    readonly issues?: Issue[],
  ) {
    super(`errno ${errno}`);
  }
}

/** An object that is missing or outside the caller's scope: the two must look the same. */
export const notFound = () => new AppError(Errno.notFound);

/** What a translation key looks like: `section.name` (the web's locales). */
const TRANSLATION_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/;

/** The translation key of a schema's message; zod's own English ones become the generic key. */
const messageKey = (message: string | undefined) => (message && TRANSLATION_KEY.test(message) ? message : 'validation.invalid');

/**
 * Bad input that only a check past the call's schema finds (it depends on what is stored, such as a device's
 * kind): the issues of a zod check under `path`, answered like the schema's own (40257).
 */
export function invalidInput(path: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return new AppError(
    Errno.bodyInvalid,
    issues.map((issue) => ({ path: [path, ...issue.path.map(String)].join('.'), message: messageKey(issue.message) })),
  );
}

/** Turns every error into the `{errno, result}` envelope; the only place that does. */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  // The route's serializer writes its success shape; an error answer has a shape of its own (and,
  // with its own serializer, must name its content type: clients tell an error from a file by it).
  reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
  if (error instanceof AppError) {
    return reply.status(200).send({ errno: error.errno, result: error.issues ? { issues: error.issues } : {} });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      // A schema's own message is a translation key; zod's English defaults (an unknown key, a wrong type) become the generic one.
      message: messageKey(v.message),
    }));
    return reply.status(200).send({ errno: Errno.bodyInvalid, result: { issues } });
  }
  // Fastify's own 4xx errors: on a call, malformed JSON, wrong content type or body too large;
  // elsewhere (static files) they keep their HTTP status.
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    if (request.routeOptions.config.access === undefined) return reply.status(error.statusCode).send({ errno: Errno.notFound, result: {} });
    return reply.status(200).send({ errno: Errno.bodyInvalid, result: { issues: [{ path: 'body', message: error.code ?? 'invalid' }] } });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ errno: Errno.internal, result: {} });
}

/** A success answer: errno 0 and the result. */
export const ok = <T>(result: T) => ({ errno: 0 as const, result });
