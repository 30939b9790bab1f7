import type { CallDeclaration } from './call.ts';

/** The distributor calls (to be moved here from the server's routes and the web's api files, issue 15). */
export const distributorCalls = {} satisfies Record<string, CallDeclaration>;
