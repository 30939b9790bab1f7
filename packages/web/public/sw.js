/*
 * Sunstack's service worker (issue 21, owner feature 5): the app shell offline, and alarm pushes.
 *
 * Only the shell is cached: the page itself ("/", kept from the last visit online), the build's
 * hashed files under /assets/ (they never change under a name) and the icons. Nothing under an API
 * prefix is ever read from or written to the cache, whatever its method, so no answer of one account
 * can be shown to another on a shared browser; a sign-out clears nothing here because nothing here is
 * an account's.
 */
const CACHE = 'sunstack-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png'];
const API_PREFIXES = ['/c/', '/op/', '/api/', '/device-log/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Whether a request is part of the shell: a GET of this origin, never an API call. */
function isShell(url, request) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return false;
  return request.mode === 'navigate' || url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (!isShell(url, request)) return; // the network as if there were no worker
  if (request.mode === 'navigate') {
    // Every screen is the same page: the network first (a new release), the kept page offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/').then((kept) => kept ?? Response.error())),
    );
    return;
  }
  // Hashed files and icons: the kept copy, else the network (kept for next time).
  event.respondWith(
    caches.match(request).then(
      (kept) =>
        kept ??
        fetch(request).then((response) => {
          if (response.ok && response.type === 'basic') {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

/** An alarm notice pushed by the server: `{title, body, tag, url}` (modules/notification/push.ts). */
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Sunstack', {
      body: payload.body || '',
      tag: payload.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: payload.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) return open.focus().then((client) => client.navigate(target.href));
      return self.clients.openWindow(target.href);
    }),
  );
});
