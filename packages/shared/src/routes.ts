import { Access, type AccessCode } from './access.ts';

/**
 * The route table of spec section 2, as data. The web app builds its router, menu and guard
 * from it; the server enforces the same access codes on the calls behind each screen.
 * `title` is a key of the web app's `navBar` translation section.
 */
export interface RouteDef {
  path: string;
  name: string;
  title: string;
  /** Allowed access codes; absent for public routes. */
  access?: readonly AccessCode[];
  /** Hidden from the menu (reached from another screen). */
  hidden?: boolean;
  /** Name of the menu group this route sits under. */
  parent?: string;
  mode?: 'add' | 'edit';
}

const { endUser: U, installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
const ALL_BUT_INTEGRATOR = [U, I, A, D, M] as const;

export const PUBLIC_ROUTES: readonly RouteDef[] = [
  { path: '/login', name: 'login', title: 'login' },
  { path: '/signUp', name: 'sign-up', title: 'signUp' },
  { path: '/error/403', name: 'error-403', title: 'error403' },
  { path: '/error/5xx', name: 'error-5xx', title: 'error5xx' },
  { path: '/error/404', name: 'error-404', title: 'error404' },
  { path: '/error/noPermissions', name: 'error-no-permissions', title: 'noPermissions' },
  { path: '/app/v2/download', name: 'app-download', title: 'download' },
  { path: '/manual/download', name: 'manual-download', title: 'download' },
];

/** Variants of the download pages (spec section 2), chosen with `?variant=`. */
export const DOWNLOAD_VARIANTS = ['abroad', 'abroad1', 'inside', 'manual'] as const;
export type DownloadVariant = (typeof DOWNLOAD_VARIANTS)[number];

export const APP_ROUTES: readonly RouteDef[] = [
  { path: '/user/center', name: 'user-center', title: 'userCenter', access: ALL_BUT_INTEGRATOR },
  { path: '/bus/index', name: 'index', title: 'home', access: [U, I, A, D, X, M], hidden: true },
  { path: '/bus/dataView', name: 'data-view', title: 'board', access: [U, I, A, M] },

  { path: '/bus/plant', name: 'plant', title: 'plant', access: ALL_BUT_INTEGRATOR },
  { path: '/bus/plant/add', name: 'plant-add', title: 'plantAdd', access: [I, A, D], parent: 'plant', mode: 'add' },
  {
    path: '/bus/plant/edit',
    name: 'plant-edit',
    title: 'plantEdit',
    access: ALL_BUT_INTEGRATOR,
    parent: 'plant',
    hidden: true,
    mode: 'edit',
  },
  { path: '/bus/pile/edit', name: 'pile-edit', title: 'pileEdit', access: [U], parent: 'plant', hidden: true },
  { path: '/bus/plant/linkSn', name: 'plant-link-sn', title: 'linkSn', access: [U, M], parent: 'plant', hidden: true },
  { path: '/bus/plant/view', name: 'plant-view', title: 'plantView', access: ALL_BUT_INTEGRATOR, parent: 'plant' },
  { path: '/bus/plant/detail', name: 'plant-detail', title: 'plantDetail', access: ALL_BUT_INTEGRATOR, parent: 'plant', hidden: true },
  { path: '/bus/plant/gaudeMap', name: 'plant-map', title: 'plantMap', access: ALL_BUT_INTEGRATOR, parent: 'plant', hidden: true },
  {
    path: '/bus/plant/parallelSystem',
    name: 'parallel-system',
    title: 'parallelSystem',
    access: ALL_BUT_INTEGRATOR,
    parent: 'plant',
    hidden: true,
  },

  { path: '/bus/device', name: 'device', title: 'device', access: ALL_BUT_INTEGRATOR },
  { path: '/bus/device/inverter', name: 'device-inverter', title: 'inverter', access: ALL_BUT_INTEGRATOR, parent: 'device' },
  { path: '/bus/device/module', name: 'device-module', title: 'module', access: ALL_BUT_INTEGRATOR, parent: 'device' },
  { path: '/bus/device/battery', name: 'device-battery', title: 'battery', access: ALL_BUT_INTEGRATOR, parent: 'device', hidden: true },
  {
    path: '/bus/device/inverterDetail',
    name: 'inverter-detail',
    title: 'inverterDetail',
    access: ALL_BUT_INTEGRATOR,
    parent: 'device',
    hidden: true,
  },
  // Hidden in section 2's table, yet "remote setting" is among the screens "named in menus": it has
  // a menu entry, since it picks its inverter itself (a device's detail opens it with the SN too).
  {
    path: '/bus/device/inverter/remoteSetting',
    name: 'remote-setting',
    title: 'remoteSetting',
    access: [I, A, D, M],
    parent: 'device',
  },
  { path: '/bus/work/model', name: 'work-model', title: 'workModel', access: ALL_BUT_INTEGRATOR, parent: 'device', hidden: true },

  { path: '/bus/version', name: 'version', title: 'version', access: [A, D, M] },
  { path: '/bus/version/firmware', name: 'firmware', title: 'firmware', access: [A, D, M], parent: 'version' },
  { path: '/bus/version/inverterUpgrade', name: 'inverter-upgrade', title: 'inverterUpgrade', access: [A, D, M], parent: 'version' },
  { path: '/bus/version/', name: 'module-upgrade-agent', title: 'moduleUpgrade', access: [A, D], parent: 'version' },
  { path: '/bus/version/moduleUpgrade', name: 'module-upgrade', title: 'moduleUpgrade', access: [M], parent: 'version' },

  { path: '/bus/dataReport', name: 'data-report', title: 'dataReport', access: [A, D, M] },
  { path: '/bus/alarm', name: 'alarm', title: 'alarm', access: ALL_BUT_INTEGRATOR },

  { path: '/bus/relog', name: 'relog', title: 'relog', access: [M] },
  { path: '/bus/relog/battery', name: 'battery-log', title: 'batteryLog', access: [M], parent: 'relog' },
  { path: '/bus/relog/test', name: 'test-log', title: 'testLog', access: [M], parent: 'relog' },
  { path: '/bus/relog/module', name: 'module-log', title: 'moduleLog', access: [M], parent: 'relog' },
  { path: '/bus/relog/dsp', name: 'dsp-log', title: 'dspLog', access: [M], parent: 'relog' },

  { path: '/bus/powerInfo', name: 'power-info', title: 'powerInfo', access: [M] },
  { path: '/bus/aging', name: 'aging', title: 'aging', access: [M] },
  { path: '/bus/aging/inverter', name: 'aging-inverter', title: 'agingInverter', access: [M], parent: 'aging' },
  {
    path: '/bus/aging/inverterDetail',
    name: 'aging-inverter-detail',
    title: 'agingInverterDetail',
    access: [M],
    parent: 'aging',
    hidden: true,
  },
  { path: '/bus/aging/alarm', name: 'aging-alarm', title: 'agingAlarm', access: [M], parent: 'aging' },
  { path: '/bus/aging/report', name: 'aging-report', title: 'agingReport', access: [M], parent: 'aging' },
  { path: '/bus/powerStation/devops', name: 'devops', title: 'devops', access: [M] },
  { path: '/bus/fileManagement', name: 'file-management', title: 'fileManagement', access: [M] },
  // Document management (spec section 2, "document management (manual)", switch document.manage; issue 23): the path is not shown.
  { path: '/bus/documentManagement', name: 'document-management', title: 'documentManagement', access: [M] },
  { path: '/bus/user/management', name: 'user-management', title: 'userManagement', access: [A, D, M] },
  { path: '/bus/group/management', name: 'group-management', title: 'groupManagement', access: [M] },
  { path: '/bus/logUpdate', name: 'log-update', title: 'logUpdate', access: [M] },

  { path: '/bus/integrator/device/list', name: 'integrator-device-list', title: 'integratorDevices', access: [X] },
  { path: '/bus/integrator/inverter', name: 'integrator-inverter', title: 'inverter', access: [X] },
  { path: '/bus/integrator/dataReport', name: 'integrator-data-report', title: 'dataReport', access: [X] },
  { path: '/bus/integrator/alarm', name: 'integrator-alarm', title: 'alarm', access: [X] },
  { path: '/bus/integrator/inverterDetail', name: 'integrator-inverter-detail', title: 'inverterDetail', access: [X], hidden: true },

  { path: '/bus/afterSaleMag', name: 'after-sale', title: 'afterSale', access: [M] },
  { path: '/bus/afterSaleMag/upgradeReset', name: 'upgrade-reset', title: 'upgradeReset', access: [M], parent: 'after-sale' },
  { path: '/bus/afterSaleMag/blackSet', name: 'black-set', title: 'blackSet', access: [M], parent: 'after-sale' },
  { path: '/bus/afterSaleMag/accountMigration', name: 'account-migration', title: 'accountMigration', access: [M], parent: 'after-sale' },

  { path: '/bus/plantMaintain', name: 'plant-maintain', title: 'plantMaintain', access: ALL_BUT_INTEGRATOR },
  { path: '/bus/plantMaintain/faultRecord', name: 'fault-record', title: 'faultRecord', access: [M], parent: 'plant-maintain' },
  { path: '/bus/plantMaintain/curve', name: 'curve', title: 'curve', access: [M], parent: 'plant-maintain' },
  {
    path: '/bus/plantMaintain/curveDiagnosis',
    name: 'curve-diagnosis',
    title: 'curveDiagnosis',
    access: [M],
    parent: 'plant-maintain',
    hidden: true,
  },
  {
    path: '/bus/plantMaintain/curveDetail',
    name: 'curve-detail',
    title: 'curveDetail',
    access: [M],
    parent: 'plant-maintain',
    hidden: true,
  },
  { path: '/bus/plantMaintain/template', name: 'template', title: 'template', access: [M], parent: 'plant-maintain' },
  { path: '/bus/plantMaintain/reportExport', name: 'report-export', title: 'reportExport', access: [U, I, A, D], parent: 'plant-maintain' },
  {
    path: '/bus/plantMaintain/reportGenerate',
    name: 'report-generate',
    title: 'reportGenerate',
    access: [U, I, A, D],
    parent: 'plant-maintain',
    hidden: true,
  },

  { path: '/bus/other/trend', name: 'trend', title: 'installationTrend', access: [A, D, M] },

  // Named in the spec's menus without a path (section 2, "Other screens"); paths are Sunstack's.
  { path: '/bus/logAudit', name: 'log-audit', title: 'logAudit', access: [A, D, M] },
  { path: '/bus/distributor', name: 'distributor', title: 'distributor', access: [M] },
  // Agents of a branch: a distributor manages its own, administrators all (spec section 3, "Distributor").
  { path: '/bus/agent', name: 'agent', title: 'agent', access: [D, M] },
  // API management (spec section 3, "API credentials"; issue 19): Open API keys of every role that has devices.
  { path: '/user/apiKey', name: 'api-key', title: 'apiKey', access: [U, I, A, D, X, M] },
  // Invitations to join a branch (issue 3, "Joining by organisation code (sign-up) or invitation").
  { path: '/bus/invitation', name: 'invitation', title: 'invitation', access: [A, D, M] },
  // Device lists per kind beside the spec's inverter and battery lists (spec section 3, "Device"; "meter management").
  { path: '/bus/device/meter', name: 'device-meter', title: 'meter', access: ALL_BUT_INTEGRATOR, parent: 'device' },
  { path: '/bus/device/evCharger', name: 'device-ev-charger', title: 'evCharger', access: ALL_BUT_INTEGRATOR, parent: 'device' },
  { path: '/bus/device/heatPump', name: 'device-heat-pump', title: 'heatPump', access: ALL_BUT_INTEGRATOR, parent: 'device' },
  { path: '/bus/device/ems', name: 'device-ems', title: 'ems', access: ALL_BUT_INTEGRATOR, parent: 'device' },
  { path: '/bus/device/gateway', name: 'device-gateway', title: 'gateway', access: ALL_BUT_INTEGRATOR, parent: 'device' },
  // Group remote (issue 18): a template or settings sent to a device, a group or plants as one batch; whoever
  // operates devices in numbers with templates (remote setting's codes; integrators send through the API).
  { path: '/bus/group/remote', name: 'group-remote', title: 'groupRemote', access: [I, A, D, M] },
  // Data authorisation for integrators: administrators, and end users for the plants they own (issue 3).
  { path: '/bus/device/authorisation', name: 'data-authorisation', title: 'dataAuthorisation', access: [U, M], parent: 'device' },
  // Work orders (spec section 2, "work order (create, list)"; issue 23): every signed-in role files them.
  { path: '/bus/workOrder', name: 'work-order', title: 'workOrder', access: [U, I, A, D, X, M] },
  { path: '/bus/workOrder/list', name: 'work-order-list', title: 'workOrderList', access: [U, I, A, D, X, M], parent: 'work-order' },
  { path: '/bus/workOrder/create', name: 'work-order-create', title: 'workOrderCreate', access: [U, I, A, D, X, M], parent: 'work-order' },
  {
    path: '/bus/workOrder/detail',
    name: 'work-order-detail',
    title: 'workOrderDetail',
    access: [U, I, A, D, X, M],
    parent: 'work-order',
    hidden: true,
  },
];

export const ROUTES: readonly RouteDef[] = [...PUBLIC_ROUTES, ...APP_ROUTES];

export const HOME_PATH = '/bus/index';
export const LOGIN_PATH = '/login';
export const INTEGRATOR_HOME_PATH = '/bus/integrator/device/list';
export const NOT_FOUND_PATH = '/error/404';
export const NO_PERMISSIONS_PATH = '/error/noPermissions';

export function routeByName(name: string): RouteDef {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route;
}

/** Who may call what serves several screens: the access numbers of any of these routes. */
export function accessOfRoutes(...names: string[]): AccessCode[] {
  return [...new Set(names.flatMap((name) => routeByName(name).access ?? []))];
}

export function routeByPath(path: string): RouteDef | undefined {
  return ROUTES.find((r) => r.path === path);
}

/**
 * Where "/" sends a user (spec section 2, "Root and fallback behaviour"): the integrator to its
 * device list, everyone else to the home tab; the home tab too while the integrator's screen is
 * not among the `routes` that exist.
 */
export function landingPath(access: number | null, routes: readonly RouteDef[] = ROUTES): string {
  if (access === null || access === Access.signedOut) return LOGIN_PATH;
  if (access === Access.integrator && routes.some((route) => route.path === INTEGRATOR_HOME_PATH)) return INTEGRATOR_HOME_PATH;
  return HOME_PATH;
}

export function canAccess(route: RouteDef, access: number): boolean {
  return !route.access || (route.access as readonly number[]).includes(access);
}

export type GuardDecision =
  | { kind: 'allow'; clearSession?: boolean }
  | { kind: 'redirect'; to: string; clearSession?: boolean; message?: 'noPermissions' };

/**
 * The navigation guard of spec section 4, as a pure function of where the user goes and what
 * the client holds. Going to /login clears the session; an auth route without a token goes
 * to /login; a route the access does not allow shows "No permissions!" and goes to
 * /error/noPermissions (when access >= 0); unknown paths go to the 404 page.
 */
export function guard(
  path: string,
  session: { token: string | null; access: number },
  /** The routes that exist (the web app passes those it has screens for). */
  routes: readonly RouteDef[] = ROUTES,
): GuardDecision {
  if (path === LOGIN_PATH) return { kind: 'allow', clearSession: true };
  if (path === '/') return { kind: 'redirect', to: landingPath(session.token ? session.access : null, routes) };
  const route = routes.find((r) => r.path === path);
  if (!route) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (!route.access) return { kind: 'allow' };
  if (!session.token) return { kind: 'redirect', to: LOGIN_PATH };
  if (canAccess(route, session.access)) return { kind: 'allow' };
  if (session.access >= 0) return { kind: 'redirect', to: NO_PERMISSIONS_PATH, message: 'noPermissions' };
  return { kind: 'redirect', to: LOGIN_PATH };
}
