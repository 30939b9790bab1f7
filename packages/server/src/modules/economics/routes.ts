import { economicsCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { EconomicsService } from './service.ts';

export function economicsRoutes(app: FastifyInstance, economics: EconomicsService) {
  route(app, economicsCalls.plantEconomics, (body, request) => economics.plantEconomics(sessionOf(request), body));
  route(app, economicsCalls.plantPerformance, (body, request) => economics.plantPerformance(sessionOf(request), body));
  route(app, economicsCalls.batteryHealth, (body, request) => economics.batteryHealth(sessionOf(request), body.sn));
  route(app, economicsCalls.chargingSessions, (body, request) => economics.chargingSessions(sessionOf(request), body));
  route(app, economicsCalls.stringComparison, (body, request) => economics.stringComparison(sessionOf(request), body));
  route(app, economicsCalls.plantForecast, (body, request) => economics.plantForecast(sessionOf(request), body.id));
}
