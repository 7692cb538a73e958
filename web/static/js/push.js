// Web Push, "tell me when it is my turn": where the browser has a push service, subscribes
// through the service worker with the server's VAPID key and saves the subscription
// (`POST /v1/me/push-subscriptions`); "stop telling me" deletes it. Where push is not available
// (no PushManager, notifications refused, no push service reachable: a headless browser), the
// button says so. The service worker (sw.js) shows each push and opens its game when clicked;
// it gets its texts, in the page's language, from here.

import { call, session } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").VapidPublicKey} VapidPublicKey */
/** @typedef {import("./types.js").PushSubscriptionDto} PushSubscriptionDto */

/** The saved subscription's id, per account, for "stop telling me" and signing out. */
const KEY = "lords.push.";

/** Why there is no push here. */
class Unavailable extends Error {
  /** @param {"unsupported" | "blocked" | "failed"} why */
  constructor(why) {
    super(why);
    this.why = why;
  }
}

function saved() {
  const s = session();
  return s === null ? null : localStorage.getItem(KEY + s.username);
}

function supported() {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The service worker's registration, if it is running (it is registered at start). */
async function registration() {
  if (!("serviceWorker" in navigator)) return null;
  const timeout = new Promise((r) => setTimeout(() => r(null), 10_000));
  return /** @type {ServiceWorkerRegistration | null} */ (await Promise.race([navigator.serviceWorker.ready, timeout]));
}

/** Gives the service worker the notifications' texts in the page's language. */
export async function tellWorker() {
  if (saved() === null) return;
  const reg = await registration().catch(() => null);
  reg?.active?.postMessage({
    type: "texts",
    texts: { your_turn: t.pushYourTurn, game_ended: t.pushGameEnded, invited: t.pushInvited, chat: t.pushChat, other: t.app, body: t.pushBody },
  });
}

async function subscribe() {
  if (!supported()) throw new Unavailable("unsupported");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Unavailable("blocked");
  const reg = await registration();
  if (reg === null) throw new Unavailable("unsupported");
  const key = /** @type {VapidPublicKey} */ (await call("GET", "/v1/push/vapid-public-key", { auth: false }));
  /** @type {PushSubscription} */
  let sub;
  try {
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.public_key });
  } catch {
    // No push service answers (offline, a headless browser, a browser without one).
    throw new Unavailable("failed");
  }
  const dto = /** @type {PushSubscriptionDto} */ (await call("POST", "/v1/me/push-subscriptions", { body: sub.toJSON() }));
  const s = session();
  if (s !== null) localStorage.setItem(KEY + s.username, dto.id);
  await tellWorker();
}

/** "Stop telling me", and on signing out: deletes the saved subscription, then unsubscribes. */
export async function stopPush() {
  const id = saved();
  const s = session();
  if (id !== null) {
    await call("DELETE", `/v1/me/push-subscriptions/${id}`).catch(() => {});
    if (s !== null) localStorage.removeItem(KEY + s.username);
  }
  const reg = supported() ? await registration().catch(() => null) : null;
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  await sub?.unsubscribe().catch(() => false);
}

/** The switch: "Tell me when it is my turn" or "Stop telling me", and what happened. */
export function pushControls() {
  const status = h("p", { role: "status", id: "push-status" });
  const box = h("section", { class: "push", "aria-labelledby": "push-title" });
  /** @param {boolean} on */
  const draw = (on) => {
    replace(
      box,
      h("h2", { id: "push-title" }, t.pushTitle),
      h(
        "button",
        {
          type: "button",
          id: "push-toggle",
          "aria-describedby": "push-status",
          onclick: async () => {
            status.textContent = "";
            if (on) {
              await stopPush();
              draw(false);
              status.textContent = t.pushStopped;
            } else {
              try {
                await subscribe();
                draw(true);
                status.textContent = t.pushStarted;
              } catch (e) {
                status.dataset["why"] = e instanceof Unavailable ? e.why : "error";
                status.textContent =
                  e instanceof Unavailable
                    ? e.why === "blocked"
                      ? t.pushBlocked
                      : t.pushUnavailable
                    : t.pushFailed(e instanceof Error ? e.message : String(e));
              }
            }
            document.getElementById("push-toggle")?.focus();
          },
        },
        on ? t.pushOff : t.pushOn,
      ),
      status,
    );
  };
  draw(saved() !== null);
  return box;
}
