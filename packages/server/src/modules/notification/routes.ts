import {
  accessOfRoutes,
  emptyResult,
  envelope,
  subscriptionDeleteBody,
  subscriptionListBody,
  subscriptionListResult,
  subscriptionSaveBody,
  subscriptionSaveResult,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { NotificationService } from './service.ts';

/** Alarm notification subscriptions: whoever reaches an alarm screen subscribes to the alarms it sees. */
export function notificationRoutes(app: FastifyInstance, notifications: NotificationService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    access: accessOfRoutes('alarm', 'integrator-alarm'),
  };
  const tags = ['alarm'];

  api.post(
    '/c/v0/alarm/subscription/list',
    {
      config,
      schema: {
        tags,
        summary: "The caller's alarm notification subscriptions (webhook secrets are never answered again)",
        body: subscriptionListBody,
        response: { 200: envelope(subscriptionListResult) },
      },
    },
    async (request) => ok(await notifications.list(sessionOf(request))),
  );

  api.post(
    '/c/v0/alarm/subscription/save',
    {
      config,
      schema: {
        tags,
        summary:
          'Create or replace the subscription to a plant (plantId) or to every plant in scope (null): severities, email, webhook. ' +
          'A new webhook secret is answered once; deliveries carry x-sunstack-signature: sha256=<hex HMAC-SHA256 of the body>',
        body: subscriptionSaveBody,
        response: { 200: envelope(subscriptionSaveResult) },
      },
    },
    async (request) => ok(await notifications.save(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/alarm/subscription/delete',
    {
      config,
      schema: {
        tags,
        summary: 'Delete one of the caller’s subscriptions',
        body: subscriptionDeleteBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await notifications.remove(sessionOf(request), request.body.id);
      return ok({});
    },
  );
}
