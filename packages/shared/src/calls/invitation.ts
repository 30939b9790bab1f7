import type { CallDeclaration } from './call.ts';

/** The invitation calls (to be moved here from the server's routes and the web's api files, issue 15). */
export const invitationCalls = {} satisfies Record<string, CallDeclaration>;
