import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, admin: M } = Access;

/** What owners ask of their plants beyond energy (issue 21): money, self-sufficiency, expected yield. */
export const economicsCalls = {
  plantEconomics: defineCall({
    method: 'POST',
    path: '/c/v0/plant/economics/query',
    access: [U, I, A, D, M],
    body: 'plantEconomicsQueryBody',
    answer: 'plantEconomicsResult',
    tag: 'monitoring',
    summary: 'Export revenue, savings, self-consumption and autarky of a plant in a period of its calendar',
  }),
} satisfies Record<string, CallDeclaration>;
