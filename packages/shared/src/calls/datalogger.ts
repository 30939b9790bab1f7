import type { CallDeclaration } from './call.ts';

/** The datalogger calls (to be moved here from the server's routes and the web's api files, issue 15). */
export const dataloggerCalls = {} satisfies Record<string, CallDeclaration>;
