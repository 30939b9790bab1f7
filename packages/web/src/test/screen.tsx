// What the web's component and screen tests (happy-dom) share: a fake server behind fetch, mounting
// with a query cache of its own and cleanup after each test, waiting, and typing as a person does.
import { ALL_CALLS, type CallDeclaration, type Permission, routeByName, schemaNamed } from '@sunstack/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { TabHost } from '../app/tabs/TabHost.tsx';
import { useClientStore } from '../lib/clientStore.ts';
import { initI18n, loadConsoleStrings } from '../lib/i18n.ts';
import { useTabStore } from '../lib/tabs/tabStore.ts';

// React asks for this flag before it lets act() flush updates outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Toasts (antd's message, in a root of its own) without motion: happy-dom never ends a CSS
// transition, so a toast leaving would stay, and its root would go on working after the test file.
ConfigProvider.config({ holderRender: (toasts) => <ConfigProvider theme={{ token: { motion: false } }}>{toasts}</ConfigProvider> });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits, letting React work, until `check` holds; fails after `ms` (generous: a loaded machine runs three test files at once). */
export async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await act(() => sleep(25));
  }
}

/** Types into an input or text area as a person does (React listens to the native input event). */
export function type(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
  act(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * A fake call's answer for a server-sent events call (answer `stream`): open until the caller goes
 * (or `close`), and the test sends each event with `push`.
 */
export class FakeStream {
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  readonly body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.controller = controller;
    },
  });
  push(event: unknown) {
    act(() => this.controller?.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`)));
  }
  close() {
    try {
      this.controller?.close();
    } catch {
      // Closed already.
    }
  }
}

/** A fake call's answer other than success: the server refuses with `errno`. */
class Refusal {
  constructor(readonly errno: number) {}
}
export const refusal = (errno: number) => new Refusal(errno);

export interface Call {
  path: string;
  body: Record<string, unknown>;
}

/** What the fake server found wrong in the calls of the test that runs: reported when it ends. */
const callProblems: string[] = [];

/** The declared call (shared/src/calls) a request is for, by its method and path without the query. */
function declaredCall(method: string, path: string): CallDeclaration | undefined {
  const bare = path.split('?', 1)[0];
  return ALL_CALLS.find((call) => call.method === method && call.path === bare);
}

/**
 * The server as the code under test sees it, behind fetch until the test ends: each path (with its
 * query string) answers what its function returns, wrapped in the {errno, result} envelope (a
 * `refusal` answers its errno; a `FakeStream` streams). Strict, as the real server is: a call that is not declared, a
 * declared call the test gives no answer for, and an answer its declaration does not allow each
 * fail the test when it ends. Every call is recorded.
 */
export function fakeServer(answers: Record<string, (body: Record<string, unknown>) => unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body && !(init.body instanceof FormData) ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const call = declaredCall(method, path);
      const answer = answers[path];
      if (!call) callProblems.push(`${method} ${path} is not a declared call`);
      else if (!answer) callProblems.push(`${method} ${path} has no answer in this test's fake server`);
      const result = answer?.(body) ?? {};
      if (result instanceof FakeStream) {
        if (call?.answer !== 'stream') callProblems.push(`${method} ${path} answers JSON, not a stream`);
        init.signal?.addEventListener('abort', () => result.close());
        return new Response(result.body, { headers: { 'content-type': 'text/event-stream' } });
      }
      if (call && answer && !(result instanceof Refusal) && call.answer !== 'file' && call.answer !== 'stream') {
        const checked = schemaNamed(call.answer).safeParse(result);
        if (!checked.success) callProblems.push(`${method} ${path} answered what its declaration does not allow: ${checked.error.message}`);
      }
      const envelope = result instanceof Refusal ? { errno: result.errno, result: {} } : { errno: 0, result };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, bodies: (path: string) => calls.filter((call) => call.path === path).map((call) => call.body) };
}

/** Unmounts still mounted after a test, even a failed one, before its fake server goes. */
const mounted = new Set<() => void>();

/** Renders `element` into the document with a query cache of its own (no retries); unmounted after the test at the latest. */
export function mount(element: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => root.render(<QueryClientProvider client={client}>{element}</QueryClientProvider>));
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
    client.clear();
  };
  mounted.add(unmount);
  return { container, unmount };
}

/** Shows where the router is, in an <output> (screens and tables navigate). */
export function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

/**
 * Opens the screen of route `name` in its tab, as the console shows it with the tab view off, for an
 * administrator whose account reaches `menus`; `where()` answers the address it navigated to.
 */
export function openScreen(
  name: string,
  { menus, query = {}, buttons = [] }: { menus: string[]; query?: Record<string, string>; buttons?: Permission[] },
) {
  useClientStore.setState({ token: 'token', access: 255, language: 'en', tabView: false, menus, buttons });
  const { path, title } = routeByName(name);
  useTabStore.getState().open({ id: name, name, title, path, query });
  const view = mount(
    <MemoryRouter initialEntries={[path]}>
      <TabHost />
      <Where />
    </MemoryRouter>,
  );
  return { ...view, where: () => view.container.querySelector('output')?.textContent };
}

/** The data rows of the tables in `within`. */
export const tableRows = (within: ParentNode) => [...within.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row')];

/** The button named `name` (its text or aria-label) in `within`, or undefined. */
export const button = (name: string, within: ParentNode = document.body) =>
  [...within.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
  );

async function cleanup() {
  for (const unmount of [...mounted]) unmount();
  // Toasts still shown go with the test (asked only then: the first call would set up their root).
  if (document.querySelector('.ant-message-notice')) {
    act(() => message.destroy());
    await until(() => document.querySelector('.ant-message-notice') === null);
  }
  // Let calls already on their way reach the fake server before it goes: no refresh may hit the network.
  await act(() => sleep(50));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The stores are modules, shared by the test files of a worker (vitest.config.ts): each test starts from their
  // first state, as in a new page, whatever the one before set (openScreen turns the tab view off).
  useTabStore.getState().reset();
  useClientStore.setState(useClientStore.getInitialState(), true);
  const problems = callProblems.splice(0);
  if (problems.length > 0) throw new Error(`The fake server saw calls the real one would refuse:\n${[...new Set(problems)].join('\n')}`);
}

/** For a test file's describe: the English strings before its tests, the cleanup after each. */
export function setUpScreenTests() {
  beforeAll(async () => {
    await initI18n('en');
    await loadConsoleStrings();
  });
  afterEach(cleanup);
}
