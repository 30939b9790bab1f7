import type { CallDeclaration } from './call.ts';

/** The audit calls (to be moved here from the server's routes and the web's api files, issue 15). */
export const auditCalls = {} satisfies Record<string, CallDeclaration>;
