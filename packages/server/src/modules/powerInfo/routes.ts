import { powerInfoCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { PowerInfoService } from './service.ts';

/** The calls of the power info screen (/bus/powerInfo, administrators only); the service checks the switches. */
export function powerInfoRoutes(app: FastifyInstance, powerInfo: PowerInfoService) {
  route(app, powerInfoCalls.company, () => powerInfo.company());
  route(app, powerInfoCalls.updateCompany, async (body, request) => {
    await powerInfo.updateCompany(sessionOf(request), clientInfo(request), body);
    return {};
  });
  route(app, powerInfoCalls.departments, (_input, request) => powerInfo.departments(sessionOf(request)));
  route(app, powerInfoCalls.createDepartment, (body, request) => powerInfo.createDepartment(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.updateDepartment, async (body, request) => {
    await powerInfo.updateDepartment(sessionOf(request), clientInfo(request), body);
    return {};
  });
  route(app, powerInfoCalls.deleteDepartment, async (body, request) => {
    await powerInfo.deleteDepartment(sessionOf(request), clientInfo(request), body.id);
    return {};
  });
  route(app, powerInfoCalls.groups, (filters, request) => powerInfo.groups(sessionOf(request), filters));
  route(app, powerInfoCalls.createGroup, (body, request) => powerInfo.createGroup(sessionOf(request), clientInfo(request), body));
  route(app, powerInfoCalls.updateGroup, async (body, request) => {
    await powerInfo.updateGroup(sessionOf(request), clientInfo(request), body);
    return {};
  });
  route(app, powerInfoCalls.deleteGroup, async (body, request) => {
    await powerInfo.deleteGroup(sessionOf(request), clientInfo(request), body.id);
    return {};
  });
  route(app, powerInfoCalls.roleGroups, (_input, request) => powerInfo.roleGroups(sessionOf(request)));
  route(app, powerInfoCalls.assignRoleGroup, async (body, request) => {
    await powerInfo.assignRoleGroup(sessionOf(request), clientInfo(request), body);
    return {};
  });
  route(app, powerInfoCalls.members, (filters, request) => powerInfo.members(sessionOf(request), filters));
  route(app, powerInfoCalls.updateMember, async (body, request) => {
    await powerInfo.updateMember(sessionOf(request), clientInfo(request), body);
    return {};
  });
}
