import { type CallDeclaration, defineCall } from './call.ts';

/**
 * The brand of the domain the console is served on, for the sign-in and download pages: apart from brandCalls (its own file) so
 * that those pages load only these two declarations.
 */
export const brandSiteCalls = {
  current: defineCall({
    method: 'GET',
    path: '/c/v0/brand/current',
    access: 'public',
    answer: 'currentBrandResult',
    tag: 'brand',
    summary: 'The brand of the domain the request was sent to (its Host), or null',
  }),
  logo: defineCall({
    method: 'GET',
    path: '/c/v0/brand/logo',
    access: 'public',
    query: 'idQuery',
    answer: 'file',
    tag: 'brand',
    summary: "A brand's logo",
  }),
} satisfies Record<string, CallDeclaration>;
