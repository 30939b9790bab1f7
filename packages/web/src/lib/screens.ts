import { APP_ROUTES, landingPath, PUBLIC_ROUTES, type RouteDef } from '@sunstack/shared';

/**
 * The screens that exist, by route name. Only these get a route, a menu entry and a tab; a route
 * of the spec table without a screen here answers the 404 page. The shell maps each name to its
 * component (app/screens.ts, typed by this list, so the two cannot drift apart).
 */
export const SCREEN_NAMES = [
  'login',
  'sign-up',
  'error-403',
  'error-5xx',
  'error-404',
  'error-no-permissions',
  'app-download',
  'manual-download',
  'index',
  'data-view',
  'user-center',
  'plant',
  'plant-add',
  'plant-view',
  'plant-detail',
  'plant-edit',
  'plant-link-sn',
  'parallel-system',
  'pile-edit',
  'plant-map',
  'device',
  'device-module',
  'integrator-device-list',
  'integrator-inverter',
  'inverter-detail',
  'integrator-inverter-detail',
  'device-inverter',
  'device-battery',
  'device-meter',
  'device-ev-charger',
  'device-heat-pump',
  'device-ems',
  'device-gateway',
  'remote-setting',
  'work-model',
  'template',
  'group-remote',
  'data-authorisation',
  'log-audit',
  'power-info',
  'user-management',
  'distributor',
  'agent',
  'group-management',
  'invitation',
  'api-key',
  'alarm',
  'integrator-alarm',
  'fault-record',
  'data-report',
  'integrator-data-report',
  'report-export',
  'report-generate',
  'trend',
  'devops',
  'work-order-list',
  'work-order-create',
  'work-order-detail',
  'file-management',
  'firmware',
  'inverter-upgrade',
  'module-upgrade',
  'module-upgrade-agent',
  'black-set',
  'upgrade-reset',
  'curve',
  'curve-diagnosis',
  'curve-detail',
  'battery-log',
  'test-log',
  'module-log',
  'dsp-log',
] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

const hasScreen = (route: RouteDef) => (SCREEN_NAMES as readonly string[]).includes(route.name);
export const BUILT_PUBLIC_ROUTES = PUBLIC_ROUTES.filter(hasScreen);
export const BUILT_APP_ROUTES = APP_ROUTES.filter(hasScreen);
export const BUILT_ROUTES = [...BUILT_PUBLIC_ROUTES, ...BUILT_APP_ROUTES];

/** Where a role lands (spec section 2) among the screens that exist. */
export const landingScreen = (access: number | null) => landingPath(access, BUILT_ROUTES);
