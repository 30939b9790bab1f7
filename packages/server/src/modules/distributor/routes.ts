import {
  BRANCH_KINDS,
  branchCreateBody,
  branchListBody,
  branchListResult,
  branchUpdateBody,
  emptyResult,
  envelope,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { BranchService } from './service.ts';

/** /c/v0/distributor/* behind /bus/distributor (administrators) and /c/v0/agent/* behind /bus/agent (distributors, administrators). */
export function branchRoutes(app: FastifyInstance, branches: BranchService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of BRANCH_KINDS) {
    const config = { access: routeByName(kind).access };
    const tags = [kind];

    api.post(
      `/c/v0/${kind}/list`,
      {
        config,
        schema: {
          tags,
          summary: `${kind}s in scope, filtered and paginated`,
          body: branchListBody,
          response: { 200: envelope(branchListResult) },
        },
      },
      async (request) => ok(await branches.list(sessionOf(request), kind, request.body)),
    );

    api.post(
      `/c/v0/${kind}/create`,
      {
        config,
        schema: {
          tags,
          summary: `Create a ${kind} with its sign-up code (generated unless given)`,
          body: branchCreateBody,
          response: { 200: envelope(z.object({ id: z.number(), code: z.string() })) },
        },
      },
      async (request) => ok(await branches.create(sessionOf(request), clientInfo(request), kind, request.body)),
    );

    api.post(
      `/c/v0/${kind}/update`,
      {
        config,
        schema: {
          tags,
          summary: `Change a ${kind}'s name, country, email or sign-up code`,
          body: branchUpdateBody,
          response: { 200: envelope(emptyResult) },
        },
      },
      async (request) => {
        await branches.update(sessionOf(request), clientInfo(request), kind, request.body);
        return ok({});
      },
    );
  }
}
