import { notificationCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { NotificationService } from './service.ts';

/** Alarm notification subscriptions: whoever reaches an alarm screen subscribes to the alarms it sees. */
export function notificationRoutes(app: FastifyInstance, notifications: NotificationService) {
  route(app, notificationCalls.list, (_body, request) => notifications.list(sessionOf(request)));
  route(app, notificationCalls.save, (body, request) => notifications.save(sessionOf(request), body));
  route(app, notificationCalls.pushKey, () => notifications.pushKey());
  route(app, notificationCalls.pushBrowsers, (_body, request) => notifications.pushBrowsers(sessionOf(request)));
  route(app, notificationCalls.pushSubscribe, (body, request) =>
    notifications.pushSubscribe(sessionOf(request), body, request.headers['user-agent'] ?? ''),
  );
  route(app, notificationCalls.pushUnsubscribe, (body, request) => notifications.pushUnsubscribe(sessionOf(request), body.endpoint));
  route(app, notificationCalls.delete, (body, request) => notifications.remove(sessionOf(request), body.id));
}
