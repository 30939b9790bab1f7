import { metaCalls } from '@sunstack/shared';
import { ERRNO_MESSAGES } from '@sunstack/shared/errno-messages';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/calls.ts';
import { countriesIn } from './countries.ts';

export function metaRoutes(app: FastifyInstance) {
  route(app, metaCalls.errorMessages, () => ({ messages: ERRNO_MESSAGES }));
  route(app, metaCalls.countries, (_input, request) => ({ countries: countriesIn(request.lang) }));
}
