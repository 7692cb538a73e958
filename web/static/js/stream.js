// Server-Sent Events from the API (`/v1/games/{id}/stream`, `/v1/me/stream`). EventSource
// cannot send `Authorization`, so every connection opens with a fresh single-use ticket from
// `POST /v1/stream-tickets` (`?ticket=`), and resumes after the last id seen
// (`?last_event_id=`): EventSource's own reconnection would present the used ticket again and be
// refused, so on any error this closes it and opens a new one. After a few failures in a row
// without one successful opening, it gives up and the caller falls back to long polls.

import { call } from "./api.js";

/** Failed connections in a row after which {@link follow} gives up. */
const ATTEMPTS = 3;

/**
 * @typedef {object} Follow
 * @property {string[]} kinds the `event:` names to listen to
 * @property {() => string | null} after the last id seen, if any
 * @property {(data: unknown, id: string, kind: string) => void} heard each event's parsed
 *   `data:`, its id and its `event:` name
 * @property {() => string} [query] more of the query string (`name=value&…`) for each opening
 * @property {(again: boolean) => void} opened each opening (`again`: not the first), a chance
 *   to catch up on what happened while none was open
 * @property {() => void} gaveUp streams do not work here: poll instead
 * @property {AbortSignal} signal stops following
 */

/** @returns {boolean} whether this browser has EventSource at all */
export function streams() {
  return typeof EventSource === "function";
}

/**
 * Follows the stream at `path` until `o.signal` aborts or it gives up.
 * @param {string} path
 * @param {Follow} o
 */
export function follow(path, o) {
  let failures = 0;
  let opens = 0;
  /** @type {EventSource | null} */
  let source = null;
  /** @type {number | null} */
  let timer = null;
  const close = () => {
    source?.close();
    source = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  o.signal.addEventListener("abort", close);

  const retry = () => {
    close();
    if (o.signal.aborted) return;
    failures += 1;
    if (failures >= ATTEMPTS) {
      o.gaveUp();
      return;
    }
    timer = window.setTimeout(() => void open(), 1000 * failures);
  };

  const open = async () => {
    timer = null;
    /** @type {string} */
    let ticket;
    try {
      const t = /** @type {import("./types.js").StreamTicket} */ (
        await call("POST", "/v1/stream-tickets", { signal: o.signal })
      );
      ticket = t.ticket;
    } catch {
      retry();
      return;
    }
    if (o.signal.aborted) return;
    const after = o.after();
    const extra = o.query?.() ?? "";
    const query = `ticket=${encodeURIComponent(ticket)}${after !== null ? `&last_event_id=${encodeURIComponent(after)}` : ""}${extra ? `&${extra}` : ""}`;
    const es = new EventSource(`${path}?${query}`);
    source = es;
    es.addEventListener("open", () => {
      failures = 0;
      opens += 1;
      o.opened(opens > 1);
    });
    /** @param {Event} ev */
    const listener = (ev) => {
      const m = /** @type {MessageEvent} */ (ev);
      if (source !== es || typeof m.data !== "string") return;
      let data;
      try {
        data = JSON.parse(m.data);
      } catch {
        return;
      }
      o.heard(data, m.lastEventId, m.type);
    };
    for (const kind of o.kinds) es.addEventListener(kind, listener);
    es.addEventListener("error", () => {
      if (source === es) retry();
    });
  };
  void open();
}
