import pino from 'pino';

/** An error of PostgreSQL as node-postgres and PGlite raise it: a SQLSTATE and where it arose. */
interface DatabaseError extends Error {
  code: string;
  severity: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  /** PGlite's: the statement (its parameters are beside it, and stay out). */
  query?: string;
}

const isDatabaseError = (value: unknown): value is DatabaseError =>
  value instanceof Error &&
  typeof (value as Partial<DatabaseError>).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((value as DatabaseError).code) &&
  typeof (value as Partial<DatabaseError>).severity === 'string';

/** Drizzle's wrapper of a failed statement: its text, its parameters and the database's error as cause. */
const isQueryError = (value: unknown): value is Error & { query: string; cause?: unknown } =>
  value instanceof Error && typeof (value as { query?: unknown }).query === 'string' && 'params' in value;

/** SQLSTATE class 22, data exceptions ("invalid input syntax for type integer: "…""), quotes the value in its message. */
const quotesValue = (code: string) => code.startsWith('22');

/**
 * The logger's `err` serializer: pino's, but a database error is logged by its statement (with its $n
 * placeholders), SQLSTATE and the object at fault, never with the parameters, the row in `detail` or a
 * message that quotes a value: those are the users' input (their names, their text), and Drizzle's
 * message and stack carry every parameter.
 */
export function serializeError(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const query = isQueryError(error) ? error : undefined;
  const database = [error, query?.cause].find(isDatabaseError);
  if (!query && !database) return pino.stdSerializers.err(error);
  const outer = (query ?? database) as Error;
  const frames = (outer.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const cause = query?.cause instanceof Error ? query.cause : undefined;
  return {
    type: outer.constructor.name,
    message: database
      ? quotesValue(database.code)
        ? `SQLSTATE ${database.code} (its message quotes a value)`
        : database.message
      : `${cause?.constructor.name ?? 'no cause'}: ${cause?.message ?? ''}`,
    statement: query?.query ?? database?.query,
    ...(database && {
      code: database.code,
      severity: database.severity,
      schema: database.schema,
      table: database.table,
      column: database.column,
      constraint: database.constraint,
      routine: database.routine,
    }),
    stack: frames.join('\n'),
  };
}
