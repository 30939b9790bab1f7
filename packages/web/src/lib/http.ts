import {
  API_NOT_FOUND_MESSAGE_MS,
  type CallDeclaration,
  type CallInput,
  type CallResult,
  computeSignature,
  DEFAULT_LANGUAGE,
  HEADER,
  LOGIN_PATH,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_ERRNOS,
  SESSION_ERROR_MESSAGE_MS,
} from '@sunstack/shared';
import { message } from 'antd';
import { useClientStore } from './clientStore.ts';
import { i18next } from './i18n.ts';

export interface Issue {
  path: string;
  message: string;
}

/** A call answered with an errno other than 0. */
export class ApiError extends Error {
  constructor(
    readonly errno: number,
    readonly issues: Issue[] = [],
  ) {
    super(`errno ${errno}`);
  }
}

/** How a declared call is made (its input is the call's own argument). */
export type CallOptions = Omit<RequestOptions, 'body' | 'platForm' | 'untimed'>;

interface RequestOptions {
  body?: unknown;
  /** Show the global loading indicator while the call runs. */
  loading?: boolean;
  /** Do not show the errno message (spec section 8: firmware upload and plant delete show their own). */
  silent?: boolean;
  /** Keep the answer in sessionStorage under this key and answer from there next time. */
  sessionCacheKey?: string;
  /** Send an empty token even when signed in (the errors-message call). */
  anonymous?: boolean;
  /** The call carries `platForm: web` (its declaration says so: spec section 7). */
  platForm?: true;
  /** No 30 s limit (its declaration says `untimed`: the device-document upload, spec section 7). */
  untimed?: true;
  /** Send this token instead of the stored one (a session not stored yet: the one-time password change after sign-in). */
  token?: string;
  signal?: AbortSignal;
}

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);
/** The router hands its navigate function here, so call failures can change screens without a reload. */
export function setNavigator(fn: Navigate) {
  navigate = fn;
}

/** The errno message in the current language, English if it has none (spec section 8). */
export function errnoMessage(errno: number): string {
  const { errorMessages, language } = useClientStore.getState();
  const text = errorMessages[language]?.[errno] ?? errorMessages[DEFAULT_LANGUAGE]?.[errno] ?? i18next.t('common.unknownError');
  return `${errno}-${text}`;
}

/** What went wrong with a call, as the user reads it: the errno's message, or the network's trouble. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return errnoMessage(error.errno);
  return i18next.t((error as Error | undefined)?.name === 'TimeoutError' ? 'common.requestTimeout' : 'common.networkError');
}

/**
 * The toast of a call that could not reach the server. One at a time under one key: the query client's
 * retry and the other calls of a screen fail alike, and the same words once are enough.
 */
const NETWORK_TOAST_KEY = 'network-failure';

let sessionEnding = false;
/** 41808/41809/41810: the message once, for 2 s, then /login, however many calls failed. */
function endSession(errno: number) {
  if (sessionEnding) return;
  sessionEnding = true;
  void message.error(errnoMessage(errno), SESSION_ERROR_MESSAGE_MS / 1000);
  setTimeout(() => {
    sessionEnding = false;
    useClientStore.getState().clearSession();
    navigate(LOGIN_PATH);
  }, SESSION_ERROR_MESSAGE_MS);
}

function onHttpError(response: Response): never {
  const { status } = response;
  if (status === 401) navigate(LOGIN_PATH);
  else if (status === 403) navigate('/error/403');
  else if (status === 404) void message.error('status:404 Api Not Found', API_NOT_FOUND_MESSAGE_MS / 1000);
  else if (status === 405) void message.error(`status:${status} ${response.statusText}`, API_NOT_FOUND_MESSAGE_MS / 1000);
  else navigate('/error/5xx');
  throw new ApiError(-status);
}

/** The headers every call carries (spec section 7), signed for `path` without its query. */
function signedHeaders(path: string, token: string): Record<string, string> {
  const { language } = useClientStore.getState();
  const timestamp = String(Date.now());
  const signature = computeSignature(path.split('?', 1)[0] as string, token, language, timestamp);
  useClientStore.setState({ signature, timestamp });
  return {
    [HEADER.lang]: language,
    [HEADER.token]: token,
    [HEADER.timezone]: Intl.DateTimeFormat().resolvedOptions().timeZone,
    [HEADER.timestamp]: timestamp,
    [HEADER.signature]: signature,
  };
}

/** A declared call that answers a file: an export (a POST whose body says what goes in it) or a stored file (a GET). */
type FileCall = CallDeclaration & { answer: 'file' };

/** The bytes a declared file call answers, signed like every call; an error answer shows its message and throws. */
export async function fetchFile<C extends FileCall>(call: C, input: CallInput<C>): Promise<Blob> {
  const path = addressOf(call, input);
  const headers = signedHeaders(path, useClientStore.getState().token ?? '');
  if (call.method === 'POST') headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: call.method,
    headers,
    body: call.method === 'POST' ? JSON.stringify(input) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) onHttpError(response);
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const answer = (await response.json()) as { errno: number };
    void message.error(errnoMessage(answer.errno));
    throw new ApiError(answer.errno);
  }
  return response.blob();
}

/** Downloads the file a declared export call answers, saving it as `filename`; errors as request() reports them. */
export async function download<C extends FileCall & { method: 'POST' }>(call: C, body: CallInput<C>, filename: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await fetchFile(call, body));
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Where a declared call goes: its path, with a GET's input as the query string. */
function addressOf(call: CallDeclaration, input: unknown): string {
  if (call.method !== 'GET' || input === undefined) return call.path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${call.path}?${text}` : call.path;
}

/**
 * The one way the web app calls the API: a declared call (shared/src/calls) with its input (a
 * POST's body, a GET's query), signed headers, 30 s timeout (none for an `untimed` call), errno handling of spec section 8.
 * Answers `result` on errno 0, typed by the declaration; throws ApiError otherwise.
 */
export function request<C extends CallDeclaration>(call: C, input: CallInput<C>, options: CallOptions = {}): Promise<CallResult<C>> {
  return send(call.method, addressOf(call, input), {
    ...options,
    body: call.method === 'POST' ? input : undefined,
    ...(call.platForm ? { platForm: true } : {}),
    ...(call.untimed ? { untimed: true } : {}),
  });
}

async function send<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
  if (options.sessionCacheKey) {
    const cached = sessionStorage.getItem(options.sessionCacheKey);
    if (cached) return JSON.parse(cached) as T;
  }
  const store = useClientStore.getState();
  const headers = signedHeaders(path, options.anonymous ? '' : (options.token ?? store.token ?? ''));
  if (options.platForm) headers[HEADER.platform] = 'web';
  // A file upload goes as multipart form (spec section 7); the browser sets its boundary itself.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  if (options.loading) store.changeLoading(1);
  let response: Response;
  try {
    const signals = [options.signal, options.untimed ? undefined : AbortSignal.timeout(REQUEST_TIMEOUT_MS)].filter((signal) => !!signal);
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    });
  } catch (error) {
    if (!options.silent && (error as Error).name !== 'AbortError')
      void message.error({ content: failureMessage(error), key: NETWORK_TOAST_KEY });
    throw error;
  } finally {
    if (options.loading) useClientStore.getState().changeLoading(-1);
  }
  if (!response.ok) onHttpError(response);
  const answer = (await response.json()) as { errno: number; result: T & { issues?: Issue[] } };
  if (answer.errno !== 0) {
    if (SESSION_ENDED_ERRNOS.includes(answer.errno)) endSession(answer.errno);
    else if (!options.silent) void message.error(errnoMessage(answer.errno));
    throw new ApiError(answer.errno, answer.result?.issues);
  }
  if (options.sessionCacheKey) sessionStorage.setItem(options.sessionCacheKey, JSON.stringify(answer.result));
  return answer.result;
}

/** A live stream that ended (server restart, 10-minute lifetime, network) is opened again after this pause. */
const STREAM_RETRY_MS = 5_000;

/**
 * Follows a declared server-sent events call (answer `stream`) with its query and the signed
 * headers every call carries (EventSource cannot send headers), calling `onData` with each event's
 * JSON. Reconnects until `signal` aborts; an errno answer (out of scope, signed out) ends it like any call.
 * `onConnect` is told each time the stream (re)opens: what changed while it was away was not sent.
 */
export async function followStream<C extends CallDeclaration & { answer: 'stream' }, T>(
  call: C,
  input: CallInput<C>,
  onData: (value: T) => void,
  signal: AbortSignal,
  onConnect?: () => void,
): Promise<void> {
  const path = addressOf(call, input);
  while (!signal.aborted) {
    try {
      const response = await fetch(path, { headers: signedHeaders(path, useClientStore.getState().token ?? ''), signal });
      if (!response.ok) onHttpError(response);
      if ((response.headers.get('content-type') ?? '').includes('json')) {
        const answer = (await response.json()) as { errno: number };
        if (SESSION_ENDED_ERRNOS.includes(answer.errno)) endSession(answer.errno);
        return;
      }
      onConnect?.();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) {
          const data = event
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) onData(JSON.parse(data) as T);
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError) return;
    }
    await new Promise((resolve) => setTimeout(resolve, STREAM_RETRY_MS));
  }
}
