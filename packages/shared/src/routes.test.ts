import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Access, ROLES } from './access.ts';
import { APP_ROUTES, canAccess, guard, HOME_PATH, INTEGRATOR_HOME_PATH, LOGIN_PATH, landingPath, ROUTES, routeByPath } from './routes.ts';

describe('route table (spec section 2)', () => {
  it('has unique paths and names', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('keeps the access codes the spec lists for key routes', () => {
    const codes = (path: string) => [...(routeByPath(path)?.access ?? [])].sort((a, b) => a - b);
    expect(codes('/bus/index')).toEqual([1, 2, 3, 4, 10, 255]);
    expect(codes('/bus/plant/add')).toEqual([2, 3, 4]);
    expect(codes('/bus/pile/edit')).toEqual([1]);
    expect(codes('/bus/plant/linkSn')).toEqual([1, 255]);
    expect(codes('/bus/version/moduleUpgrade')).toEqual([255]);
    expect(codes('/bus/version/')).toEqual([3, 4]);
    expect(codes('/bus/plantMaintain/reportExport')).toEqual([1, 2, 3, 4]);
    expect(codes('/bus/integrator/alarm')).toEqual([10]);
    expect(codes('/bus/device/inverter/remoteSetting')).toEqual([2, 3, 4, 255]);
  });

  it('gives every parent a route of its own', () => {
    for (const route of APP_ROUTES.filter((r) => r.parent))
      expect(
        APP_ROUTES.some((r) => r.name === route.parent),
        route.name,
      ).toBe(true);
  });
});

describe('landing (root and fallback behaviour)', () => {
  it('sends no access and -1 to /login, 10 to its device list, others home', () => {
    expect(landingPath(null)).toBe(LOGIN_PATH);
    expect(landingPath(Access.signedOut)).toBe(LOGIN_PATH);
    expect(landingPath(Access.integrator)).toBe(INTEGRATOR_HOME_PATH);
    for (const access of [1, 2, 3, 4, 255, 7]) expect(landingPath(access)).toBe(HOME_PATH);
  });

  it('lands the integrator home while its device list is not among the existing routes', () => {
    expect(
      landingPath(
        Access.integrator,
        ROUTES.filter((r) => r.path !== INTEGRATOR_HOME_PATH),
      ),
    ).toBe(HOME_PATH);
  });
});

describe('navigation guard (spec section 4)', () => {
  const token = 't';

  it('clears the session on the way to /login', () => {
    expect(guard(LOGIN_PATH, { token, access: 1 })).toEqual({ kind: 'allow', clearSession: true });
  });

  it('sends unknown paths to the 404 page', () => {
    expect(guard('/no/such/page', { token, access: 255 })).toEqual({ kind: 'redirect', to: '/error/404' });
  });

  it('lets public routes through without a token', () => {
    expect(guard('/signUp', { token: null, access: -1 })).toEqual({ kind: 'allow' });
    expect(guard('/error/5xx', { token: null, access: -1 })).toEqual({ kind: 'allow' });
  });

  it('holds for every route, role and token state', () => {
    fc.assert(
      fc.property(fc.constantFrom(...APP_ROUTES), fc.constantFrom(...ROLES, Access.signedOut), fc.boolean(), (route, access, signedIn) => {
        const decision = guard(route.path, { token: signedIn ? token : null, access });
        const expected = !signedIn
          ? { kind: 'redirect', to: LOGIN_PATH }
          : canAccess(route, access)
            ? { kind: 'allow' }
            : access >= 0
              ? { kind: 'redirect', to: '/error/noPermissions', message: 'noPermissions' }
              : { kind: 'redirect', to: LOGIN_PATH };
        expect(decision).toEqual(expected);
      }),
    );
  });
});
