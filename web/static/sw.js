// The service worker: the app shell (/, /static/...) from the network first, from the cache
// when offline. It never touches /v1 (nor anything else): API answers hold one account's
// hidden cards and must never be kept in a cache shared by every account of the browser.
const CACHE = "lords-shell-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const shell =
    event.request.method === "GET" &&
    url.origin === self.location.origin &&
    (url.pathname === "/" || url.pathname === "/manifest.webmanifest" || url.pathname.startsWith("/static/"));
  if (!shell) return; // the browser's own handling: API calls are never cached here
  event.respondWith(
    fetch(event.request)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          event.waitUntil(caches.open(CACHE).then((c) => c.put(event.request, copy)));
        }
        return res;
      })
      .catch(() => caches.match(event.request).then((r) => r || Response.error())),
  );
});
