import { HEADER, workOrderCalls } from '@sunstack/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { WorkOrderService } from './service.ts';

/** The client a work order came from: the web console says `platForm: web` (spec section 7); anything else is the API's. */
const platformOf = (request: FastifyRequest) => (request.headers[HEADER.platform] === 'web' ? 'web' : 'api');

export function workOrderRoutes(app: FastifyInstance, workOrders: WorkOrderService) {
  route(app, workOrderCalls.questionTypes, () => workOrders.questionTypes());
  route(app, workOrderCalls.create, (body, request) =>
    workOrders.create(sessionOf(request), clientInfo(request), body, platformOf(request)),
  );
  route(app, workOrderCalls.photoUpload, (_, request) => workOrders.uploadPhoto(sessionOf(request), request));
  route(app, workOrderCalls.photo, (query, request, reply) => workOrders.sendPhoto(sessionOf(request), query.id, request, reply));
  route(app, workOrderCalls.list, (body, request) => workOrders.list(sessionOf(request), body));
  route(app, workOrderCalls.export, async (body, request, reply) =>
    sendXlsx(reply, await workOrders.export(sessionOf(request), body), 'work-orders'),
  );
  route(app, workOrderCalls.detail, (query, request) => workOrders.detail(sessionOf(request), query.id));
  route(app, workOrderCalls.reply, (body, request) => workOrders.reply(sessionOf(request), clientInfo(request), body));
  route(app, workOrderCalls.status, (body, request) => workOrders.move(sessionOf(request), clientInfo(request), body));
  route(app, workOrderCalls.assign, (body, request) => workOrders.assign(sessionOf(request), clientInfo(request), body));
}
