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
  plantPerformance: defineCall({
    method: 'POST',
    path: '/c/v0/plant/performance/query',
    access: [U, I, A, D, M],
    body: 'plantEconomicsQueryBody',
    answer: 'plantPerformanceResult',
    tag: 'monitoring',
    summary: 'Expected (typical and clear sky) against actual PV yield of a plant in a period of its calendar, and its performance ratio',
  }),
  plantForecast: defineCall({
    method: 'POST',
    path: '/c/v0/plant/forecast/query',
    access: [U, I, A, D, M],
    body: 'idBody',
    answer: 'plantForecastResult',
    tag: 'monitoring',
    summary: "A plant's expected production, load and battery SoC for its today and tomorrow, from its place and size",
  }),
} satisfies Record<string, CallDeclaration>;
