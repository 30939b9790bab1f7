/** Access numbers of spec sections 3 and 6. */
export const Access = {
  signedOut: -1,
  endUser: 1,
  installer: 2,
  agent: 3,
  distributor: 4,
  integrator: 10,
  admin: 255,
} as const;
export type AccessCode = (typeof Access)[keyof typeof Access];

/** The roles an account can hold (everything but "signed out"). */
export const ROLES = [Access.endUser, Access.installer, Access.agent, Access.distributor, Access.integrator, Access.admin] as const;
export type Role = (typeof ROLES)[number];

/** The two account types a person may choose when signing up (spec section 5, issue 2). */
export const SIGN_UP_ROLES = [Access.endUser, Access.installer] as const;

/** Translation key of a role's name; 255 and any unknown number show as admin (spec section 3). */
export function roleKey(access: number): string {
  switch (access) {
    case Access.endUser:
      return 'role.endUser';
    case Access.installer:
      return 'role.installer';
    case Access.agent:
      return 'role.agent';
    case Access.distributor:
      return 'role.distributor';
    case Access.integrator:
      return 'role.integrator';
    default:
      return 'role.admin';
  }
}
