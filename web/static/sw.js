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

// Web Push (push.js subscribes): each push is the webhook body `{type, timestamp, data}`, `data`
// the Notification; shown with the page's texts (sent by push.js, kept in a cache of their
// own), English until then. A click focuses a tab of the game (or of the app, told to open it)
// or opens one.
const TEXTS = "lords-texts-v1";
const ENGLISH = {
  your_turn: "Your move",
  game_ended: "A game of yours is over",
  invited: "You are invited to a game",
  chat: "A new message at your table",
  other: "Lords of Scotland",
  body: "Lords of Scotland: open the game.",
};

self.addEventListener("message", (event) => {
  const m = event.data;
  if (!m || m.type !== "texts" || typeof m.texts !== "object") return;
  event.waitUntil(
    caches.open(TEXTS).then((c) => c.put("/texts", new Response(JSON.stringify(m.texts), { headers: { "Content-Type": "application/json" } }))),
  );
});

async function texts() {
  try {
    const r = await (await caches.open(TEXTS)).match("/texts");
    return r ? { ...ENGLISH, ...(await r.json()) } : ENGLISH;
  } catch {
    return ENGLISH;
  }
}

self.addEventListener("push", (event) => {
  event.waitUntil(
    (async () => {
      let m = null;
      try {
        m = event.data ? event.data.json() : null;
      } catch {
        m = null;
      }
      const words = await texts();
      const kind = m && typeof m.type === "string" ? m.type : "other";
      const game = m && m.data && typeof m.data.game_id === "string" ? m.data.game_id : null;
      await self.registration.showNotification(words[kind] || words.other, {
        body: words.body,
        icon: "/static/icon.svg",
        tag: game ? `game-${game}` : "lords",
        data: { game },
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const game = event.notification.data && event.notification.data.game;
  const hash = game ? `#/game/${game}` : "#/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((c) => new URL(c.url).hash === hash);
      if (same) return same.focus();
      const any = windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (any) {
        any.postMessage({ type: "open", hash });
        return any.focus();
      }
      return self.clients.openWindow(`/${hash}`);
    })(),
  );
});
