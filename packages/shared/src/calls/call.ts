import type { z } from 'zod';
import type { AccessCode } from '../access.ts';

/**
 * Who may make a call: anyone with a valid signature, any signed-in account, or the accounts whose
 * access code is listed. A caller that is not a screen (an API key, a job) holds the same codes.
 */
export type CallAccess = 'public' | 'signedIn' | readonly AccessCode[];

/**
 * One API call, declared once (issue 15): the server registers its route from this (path, access,
 * validation, OpenAPI entry) and binds only the handler; the web calls it through `request(call)`,
 * typed by it; the web tests' fake server checks every answer against it.
 */
export interface CallDeclaration {
  method: 'GET' | 'POST';
  path: string;
  access: CallAccess;
  /** Also open to a session that must first replace its one-time password (the change itself, sign-out). */
  whilePasswordChangeRequired?: true;
  /** A POST's JSON body. */
  body?: z.ZodType;
  /** A POST whose body is a multipart form (a file upload) instead: the caller sends FormData, the handler reads it. */
  upload?: true;
  /** A GET's query string. */
  query?: z.ZodType;
  /**
   * The `result` of the {errno, result} envelope on success; `file` for a download (an export: the
   * bytes, errors still in the envelope); `stream` for server-sent events.
   */
  answer: z.ZodType | 'file' | 'stream';
  /** The OpenAPI entry: a group and one line saying what the call does. */
  tag: string;
  summary: string;
}

/** Declares a call; `const` keeps the literal path and the exact schemas in its type. */
export function defineCall<const C extends CallDeclaration>(call: C): C {
  return call;
}

/** What a caller sends: the body of a POST, the query of a GET (as typed, before the schema's defaults). */
export type CallInput<C extends CallDeclaration> = C extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : C extends { query: infer Q extends z.ZodType }
    ? z.input<Q>
    : C extends { upload: true }
      ? FormData
      : undefined;

/** What a handler receives: the input after validation (defaults filled, text trimmed). */
export type CallParsedInput<C extends CallDeclaration> = C extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : C extends { query: infer Q extends z.ZodType }
    ? z.output<Q>
    : undefined;

/** The result a successful call answers. */
export type CallResult<C extends CallDeclaration> = C['answer'] extends z.ZodType ? z.output<C['answer']> : never;
