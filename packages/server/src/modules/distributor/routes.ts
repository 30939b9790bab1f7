import { BRANCH_KINDS, branchCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { BranchService } from './service.ts';

/** /c/v0/distributor/* behind /bus/distributor (administrators) and /c/v0/agent/* behind /bus/agent (distributors, administrators). */
export function branchRoutes(app: FastifyInstance, branches: BranchService) {
  for (const kind of BRANCH_KINDS) {
    const calls = branchCalls[kind];
    route(app, calls.list, (body, request) => branches.list(sessionOf(request), kind, body));
    route(app, calls.create, (body, request) => branches.create(sessionOf(request), clientInfo(request), kind, body));
    route(app, calls.update, (body, request) => branches.update(sessionOf(request), clientInfo(request), kind, body));
  }
}
