import { type CallDeclaration, type CallParsedInput, type CallResult, envelope, schemaNamed } from '@sunstack/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { ok } from './errors.ts';

/**
 * What a handler gives back: the result of a JSON call (wrapped in the envelope here; nothing for a
 * call whose result is empty), or the reply a download or stream sent.
 */
type HandlerAnswer<C extends CallDeclaration> = C['answer'] extends 'file' | 'stream'
  ? FastifyReply
  : // biome-ignore lint/complexity/noBannedTypes: an empty result is what `{}` names here
    {} extends CallResult<C>
    ? // biome-ignore lint/suspicious/noConfusingVoidType: a service that changes something and answers nothing returns void
      CallResult<C> | void
    : CallResult<C>;

export type CallHandler<C extends CallDeclaration> = (
  input: CallParsedInput<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<HandlerAnswer<C>> | HandlerAnswer<C>;

/**
 * Registers a declared call (shared/src/calls): its path, method, access, validation of the body or
 * query, and OpenAPI entry all come from the declaration; the module binds only the handler, which
 * receives the validated input.
 */
export function route<C extends CallDeclaration>(app: FastifyInstance, call: C, handler: CallHandler<C>) {
  const schema: FastifySchema = { tags: [call.tag], summary: call.summary };
  if (call.body) schema.body = schemaNamed(call.body);
  if (call.query) schema.querystring = schemaNamed(call.query);
  if (call.upload) schema.consumes = ['multipart/form-data'];
  if (call.answer !== 'file' && call.answer !== 'stream') schema.response = { 200: envelope(schemaNamed(call.answer)) };
  app.route({
    method: call.method,
    url: call.path,
    config: {
      access: call.access,
      ...(call.whilePasswordChangeRequired && { whilePasswordChangeRequired: true }),
      ...(call.untimed && { untimed: true }),
    },
    schema,
    async handler(request, reply) {
      const input = (call.method === 'GET' ? request.query : request.body) as CallParsedInput<C>;
      const answer = await handler(input, request, reply);
      return call.answer === 'file' || call.answer === 'stream' ? answer : ok(answer ?? {});
    },
  });
}
