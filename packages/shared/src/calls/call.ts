import type { z } from 'zod';
import type { AccessCode } from '../access.ts';
import type { SchemaName, SchemaOf } from './schemas.ts';

/**
 * Who may make a call: anyone without any header (`unsigned`: the errno messages, which Open API
 * clients fetch unsigned before anything else), anyone with a valid signature, any signed-in account,
 * or the accounts whose access code is listed. A caller that is not a screen (an API key, a job)
 * holds the same codes.
 */
export type CallAccess = 'unsigned' | 'public' | 'signedIn' | readonly AccessCode[];

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
  /** A POST's JSON body: the name of its schema in the contracts (calls/schemas.ts). */
  body?: SchemaName;
  /** A POST whose body is a multipart form (a file upload) instead: the caller sends FormData, the handler reads it. */
  upload?: true;
  /** An upload without a time limit (spec section 7: the device-document upload); cut only when it stalls. */
  untimed?: true;
  /** The call carries the header `platForm: web` (spec section 7: ticket create and ticket question types). */
  platForm?: true;
  /** A GET's query string (a schema's name). */
  query?: SchemaName;
  /**
   * The `result` of the {errno, result} envelope on success (a schema's name); `file` for a download
   * (an export: the bytes, errors still in the envelope); `stream` for server-sent events.
   */
  answer: SchemaName | 'file' | 'stream';
  /** The OpenAPI entry: a group and one line saying what the call does. */
  tag: string;
  summary: string;
}

/** Declares a call; `const` keeps the literal path and the schemas' names in its type. */
export function defineCall<const C extends CallDeclaration>(call: C): C {
  return call;
}

/** What a caller sends: the body of a POST, the query of a GET (as typed, before the schema's defaults). */
export type CallInput<C extends CallDeclaration> = C extends { body: infer B extends SchemaName }
  ? z.input<SchemaOf<B>>
  : C extends { query: infer Q extends SchemaName }
    ? z.input<SchemaOf<Q>>
    : C extends { upload: true }
      ? FormData
      : undefined;

/** What a handler receives: the input after validation (defaults filled, text trimmed). */
export type CallParsedInput<C extends CallDeclaration> = C extends { body: infer B extends SchemaName }
  ? z.output<SchemaOf<B>>
  : C extends { query: infer Q extends SchemaName }
    ? z.output<SchemaOf<Q>>
    : undefined;

/** The result a successful call answers. */
export type CallResult<C extends CallDeclaration> = C['answer'] extends SchemaName ? z.output<SchemaOf<C['answer']>> : never;
