import { powerInfoCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { PowerInfoService } from './service.ts';

/** The calls of the power info screen (/bus/powerInfo, administrators only); the service checks the switches. */
export function powerInfoRoutes(app: FastifyInstance, powerInfo: PowerInfoService) {
  route(app, powerInfoCalls.company, () => powerInfo.company());
  route(app, powerInfoCalls.updateCompany, (body, request) => powerInfo.updateCompany(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.departments, (_input, request) => powerInfo.departments(sessionOf(request)));
  route(app, powerInfoCalls.createDepartment, (body, request) => powerInfo.createDepartment(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.updateDepartment, (body, request) => powerInfo.updateDepartment(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.deleteDepartment, (body, request) =>
    powerInfo.deleteDepartment(sessionOf(request), clientInfo(request), body.id),
  );
  route(app, powerInfoCalls.groups, (filters, request) => powerInfo.groups(sessionOf(request), filters));
  route(app, powerInfoCalls.createGroup, (body, request) => powerInfo.createGroup(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.updateGroup, (body, request) => powerInfo.updateGroup(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.deleteGroup, (body, request) => powerInfo.deleteGroup(sessionOf(request), clientInfo(request), body.id));
  route(app, powerInfoCalls.roleGroups, (_input, request) => powerInfo.roleGroups(sessionOf(request)));
  route(app, powerInfoCalls.assignRoleGroup, (body, request) => powerInfo.assignRoleGroup(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.members, (filters, request) => powerInfo.members(sessionOf(request), filters));
  route(app, powerInfoCalls.updateMember, (body, request) => powerInfo.updateMember(sessionOf(request), clientInfo(request), body));
}
