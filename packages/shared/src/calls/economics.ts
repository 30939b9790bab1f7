import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
/** Device figures are for the console's device screens and the integrator's; scope decides which devices. */
const DEVICE_DATA = [U, I, A, D, M, X] as const;

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
  batteryHealth: defineCall({
    method: 'POST',
    path: '/c/v0/device/battery/health/query',
    access: DEVICE_DATA,
    body: 'batteryHealthQueryBody',
    answer: 'batteryHealthResult',
    tag: 'monitoring',
    summary: "A battery's state of health and equivalent full cycles, now and per month of its plant's calendar",
  }),
  chargingSessions: defineCall({
    method: 'POST',
    path: '/c/v0/device/charging/sessions/query',
    access: DEVICE_DATA,
    body: 'chargingSessionsQueryBody',
    answer: 'chargingSessionsResult',
    tag: 'monitoring',
    summary: "An EV charger's sessions (start, end, energy, duration) that began in a month of its plant's calendar, and their sum",
  }),
  stringComparison: defineCall({
    method: 'POST',
    path: '/c/v0/device/strings/query',
    access: DEVICE_DATA,
    body: 'stringComparisonQueryBody',
    answer: 'stringComparisonResult',
    tag: 'monitoring',
    summary: "An inverter's PV strings side by side over a day of its plant's calendar, per kWp, with the ones far below their neighbours",
  }),
} satisfies Record<string, CallDeclaration>;
