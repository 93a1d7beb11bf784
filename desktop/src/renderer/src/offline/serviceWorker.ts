// The browser desk's service worker (issue 42): the desk at /admin opens even
// while the whole server is down, not only the API. The web build
// (vite.web.config.ts) writes it to /admin/sw.js with the list of every file
// it built (SHELL) and a version of that list; installing keeps them all in
// a cache of that version. Pages under /admin are asked of the server first
// and answered from the cache when it cannot be reached (or its proxy says
// so: 502, 504; a 503 stays, the shop's own "back in a minute"); the
// fingerprinted files under /admin/assets/ come from the cache. Nothing
// else is touched: the API's calls go to the network as ever, and the
// offline queue stays where it is (localStorage, store.ts).
//
// No DOM here: it runs in the worker. Its few types are written out below
// (the project's TypeScript lib is the DOM's, not the worker's).

/** Written in by the build: every file of dist-web, as /admin/… paths, and their version. */
declare const SHELL: string[];
declare const VERSION: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const PREFIX = 'bakery-admin-';
const CACHE = `${PREFIX}${VERSION}`;
const SHELL_PAGE = '/admin/index.html';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => worker.skipWaiting()),
  );
});

// A new build's worker takes over at once and drops the caches of the builds before it.
worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/admin/assets/')) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)),
    );
    return;
  }
  if (request.mode === 'navigate' && url.pathname.startsWith('/admin')) {
    const shell = (answer: Response) =>
      caches.match(SHELL_PAGE, { cacheName: CACHE }).then((hit) => hit ?? answer);
    event.respondWith(
      fetch(request).then(
        // Behind a proxy a server that is down is the proxy's 502 or 504, not a network error.
        (answer) => (answer.status === 502 || answer.status === 504 ? shell(answer) : answer),
        () => shell(Response.error()),
      ),
    );
  }
});

export {};
