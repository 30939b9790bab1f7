import type { z } from 'zod';
import * as contracts from '../contracts/index.ts';

type Contracts = typeof contracts;

/**
 * A schema of the contracts, by name: what a call declaration names for its body, query and answer.
 * Declarations hold names, not schemas, so a screen that makes a call loads no schema it does not
 * use itself (the login page stays light); the server and the tests look them up here.
 */
export type SchemaName = { [K in keyof Contracts]: Contracts[K] extends z.ZodType ? K : never }[keyof Contracts];
export type SchemaOf<N extends SchemaName> = Contracts[N];

/** The schema of a name (the server and the tests; the web's screens import the schemas they use themselves). */
// biome-ignore lint/performance/noDynamicNamespaceImportAccess: the lookup by name is the point; only the server and tests call it
export const schemaNamed = <N extends SchemaName>(name: N): SchemaOf<N> => contracts[name];
