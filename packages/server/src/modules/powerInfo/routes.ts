import {
  companyInfo,
  companyUpdateBody,
  departmentCreateBody,
  departmentListResult,
  departmentUpdateBody,
  emptyResult,
  envelope,
  idBody,
  memberListBody,
  memberListResult,
  memberUpdateBody,
  permissionGroupCreateBody,
  permissionGroupListBody,
  permissionGroupListResult,
  permissionGroupUpdateBody,
  roleGroupAssignBody,
  roleGroupsResult,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { PowerInfoService } from './service.ts';

const created = envelope(z.object({ id: z.number() }));

/** The calls of the power info screen (/bus/powerInfo, administrators only); the service checks the switches. */
export function powerInfoRoutes(app: FastifyInstance, powerInfo: PowerInfoService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: routeByName('power-info').access };

  api.get(
    '/c/v0/company/info',
    { config, schema: { tags: ['powerInfo'], summary: "The manufacturer's company details", response: { 200: envelope(companyInfo) } } },
    async () => ok(await powerInfo.company()),
  );

  api.post(
    '/c/v0/company/update',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: "Change the manufacturer's company details (organisation.edit)",
        body: companyUpdateBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await powerInfo.updateCompany(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.get(
    '/c/v0/department/list',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: "The manufacturer's departments, the whole tree (organisation.query)",
        response: { 200: envelope(departmentListResult) },
      },
    },
    async (request) => ok(await powerInfo.departments(sessionOf(request))),
  );

  api.post(
    '/c/v0/department/create',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Add a department (organisation.add)',
        body: departmentCreateBody,
        response: { 200: created },
      },
    },
    async (request) => ok(await powerInfo.createDepartment(sessionOf(request), clientInfo(request), request.body)),
  );

  api.post(
    '/c/v0/department/update',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Rename a department (organisation.edit) or assign it a permission group (role.edit)',
        body: departmentUpdateBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await powerInfo.updateDepartment(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.post(
    '/c/v0/department/delete',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Delete a department without members or sub-departments (organisation.delete)',
        body: idBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await powerInfo.deleteDepartment(sessionOf(request), clientInfo(request), request.body.id);
      return ok({});
    },
  );

  api.post(
    '/c/v0/permissionGroup/list',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Permission groups, filtered and paginated (role.query)',
        body: permissionGroupListBody,
        response: { 200: envelope(permissionGroupListResult) },
      },
    },
    async (request) => ok(await powerInfo.groups(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/permissionGroup/create',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Add a permission group: a name and switches of spec section 6 (role.add)',
        body: permissionGroupCreateBody,
        response: { 200: created },
      },
    },
    async (request) => ok(await powerInfo.createGroup(sessionOf(request), clientInfo(request), request.body)),
  );

  api.post(
    '/c/v0/permissionGroup/update',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: "Change a group's name and switches; sessions holding it see the change at once (role.edit)",
        body: permissionGroupUpdateBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await powerInfo.updateGroup(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.post(
    '/c/v0/permissionGroup/delete',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Delete a permission group that nothing is assigned to (role.delete)',
        body: idBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await powerInfo.deleteGroup(sessionOf(request), clientInfo(request), request.body.id);
      return ok({});
    },
  );

  api.get(
    '/c/v0/permissionGroup/roles',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Each role with its permission group and the switches it holds (role.query)',
        response: { 200: envelope(roleGroupsResult) },
      },
    },
    async (request) => ok(await powerInfo.roleGroups(sessionOf(request))),
  );

  api.post(
    '/c/v0/permissionGroup/assignRole',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'Assign a permission group to a role, or null for its defaults (role.edit)',
        body: roleGroupAssignBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await powerInfo.assignRoleGroup(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.post(
    '/c/v0/member/list',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: 'The administrators, their departments and permission groups, paginated (member.query)',
        body: memberListBody,
        response: { 200: envelope(memberListResult) },
      },
    },
    async (request) => ok(await powerInfo.members(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/member/update',
    {
      config,
      schema: {
        tags: ['powerInfo'],
        summary: "Set an administrator's department (member.edit) or own permission group (role.edit)",
        body: memberUpdateBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await powerInfo.updateMember(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );
}
