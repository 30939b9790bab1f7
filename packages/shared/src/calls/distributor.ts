import { Access, type AccessCode } from '../access.ts';
import type { BranchKind } from '../contracts/distributor.ts';
import { defineCall } from './call.ts';

const { distributor: D, admin: M } = Access;

/** The three calls of one kind of branch, under /c/v0/<kind>/, its OpenAPI group named after it. */
function branchCallsOf<const K extends BranchKind, const R extends readonly AccessCode[]>(kind: K, access: R) {
  return {
    list: defineCall({
      method: 'POST',
      path: `/c/v0/${kind}/list`,
      access,
      body: 'branchListBody',
      answer: 'branchListResult',
      tag: kind,
      summary: `${kind}s in scope, filtered and paginated`,
    }),
    create: defineCall({
      method: 'POST',
      path: `/c/v0/${kind}/create`,
      access,
      body: 'branchCreateBody',
      answer: 'branchCreated',
      tag: kind,
      summary: `Create a ${kind} with its sign-up code (generated unless given)`,
    }),
    update: defineCall({
      method: 'POST',
      path: `/c/v0/${kind}/update`,
      access,
      body: 'branchUpdateBody',
      answer: 'emptyResult',
      tag: kind,
      summary: `Change a ${kind}'s name, country, email or sign-up code`,
    }),
  };
}

/**
 * Distributors and agents are both branches of the organisation tree, managed by the same calls:
 * /c/v0/distributor/* by administrators, /c/v0/agent/* by distributors and administrators.
 */
export const branchCalls = {
  distributor: branchCallsOf('distributor', [M]),
  agent: branchCallsOf('agent', [D, M]),
} satisfies Record<BranchKind, unknown>;

export const distributorCalls = {
  list: branchCalls.distributor.list,
  create: branchCalls.distributor.create,
  update: branchCalls.distributor.update,
  agentList: branchCalls.agent.list,
  agentCreate: branchCalls.agent.create,
  agentUpdate: branchCalls.agent.update,
};
