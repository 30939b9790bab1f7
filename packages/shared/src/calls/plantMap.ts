import type { CallDeclaration } from './call.ts';

/** The plantMap calls (to be moved here from the server's routes and the web's api files, issue 15). */
export const plantMapCalls = {} satisfies Record<string, CallDeclaration>;
