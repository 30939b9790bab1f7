import { countriesResult, envelope, errorsMessageResult } from '@sunstack/shared';
import { ERRNO_MESSAGES } from '@sunstack/shared/errno-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { countriesIn } from './countries.ts';

export function metaRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/c/v0/errors/message',
    {
      config: { access: 'public' },
      schema: { tags: ['meta'], summary: 'Error messages by language, then errno', response: { 200: envelope(errorsMessageResult) } },
    },
    async () => ok({ messages: ERRNO_MESSAGES }),
  );

  api.get(
    '/c/v1/map/countries',
    {
      config: { access: 'public' },
      schema: { tags: ['meta'], summary: 'Countries with names in the request language', response: { 200: envelope(countriesResult) } },
    },
    async (request) => ok({ countries: countriesIn(request.lang) }),
  );
}
