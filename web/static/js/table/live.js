// Live updates of the table: the game's event stream (SSE), long polls where streams fail.

import { call } from "../api.js";
import { follow } from "../stream.js";
import { heardLine, pollChat } from "./chat.js";
import { addEvents, behind, drawnKey, isOver, lastSeq, onScreen, readEvents, refresh } from "./state.js";

/** @typedef {import("../types.js").ChatLine} ChatLine */
/** @typedef {import("../types.js").EventDto} EventDto */
/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("./state.js").TableState} TableState */

/** How long one long poll may wait, in seconds. */
const WAIT = 25;

/** After a failed read of the game, how long before the next one: doubling, up to the most (ms). */
const RETRY_FIRST = 1000;
const RETRY_MOST = 16000;

/**
 * Waits `ms`, or less if `signal` aborts.
 * @param {number} ms
 * @param {AbortSignal} signal
 */
function pause(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve(undefined)), { once: true });
  });
}

/**
 * Everything is revealed at the end: reads the events again, unredacted, once.
 * @param {TableState} st
 */
async function readTheEnd(st) {
  if (st.over) return;
  st.over = true;
  // Nothing more will happen: the stream is closed (a request under way, such as a refused
  // resignation, still gets its answer).
  st.stopStream();
  // The table's chat stays open after the end: without the stream, it is read now and then.
  if (st.chat !== null) pollChat(st.chat);
  st.events = [];
  await readEvents(st).catch(() => {});
  if (onScreen(st)) st.draw();
}

/**
 * Follows the game until it is over or the table is left: its event stream, or long polls
 * where streams do not work.
 * @param {TableState} st
 */
export async function live(st) {
  if (isOver(st)) {
    await readTheEnd(st);
    return;
  }
  if (st.live !== "stream") {
    if (st.chat !== null) pollChat(st.chat);
    await poll(st);
    return;
  }
  if (behind(st)) catchUp(st);
  const streaming = new AbortController();
  st.abort.signal.addEventListener("abort", () => streaming.abort());
  st.stopStream = () => streaming.abort();
  follow(`/v1/games/${st.id}/stream`, {
    kinds: ["game", "chat"],
    after: () => String(lastSeq(st)),
    // A seated player's stream also brings the table's chat, after the last line read.
    query: () => (st.chat !== null ? `chat_after=${st.chat.after}` : ""),
    heard: (data, _id, kind) => {
      if (kind === "chat") {
        if (st.chat !== null) heardLine(st.chat, /** @type {ChatLine} */ (data));
        return;
      }
      const e = /** @type {EventDto} */ (data);
      addEvents(st, [e]);
      catchUp(st);
      // The server ends a game's stream after its last event: nothing more to follow.
      if (e.event.type === "game_ended") streaming.abort();
    },
    // Opened again: what happened while none was open shows at once.
    opened: (again) => {
      if (again) catchUp(st);
    },
    gaveUp: () => {
      if (!onScreen(st) || st.over) return;
      if (st.chat !== null) pollChat(st.chat);
      st.live = "poll";
      st.draw();
      void poll(st);
    },
    signal: streaming.signal,
  });
}

/**
 * Brings the view and my choices up to the events the stream told of: one refresh at a time,
 * again while more arrived meanwhile (a move and the scoring after it come as a burst).
 * @param {TableState} st
 */
function catchUp(st) {
  st.dirty = true;
  if (st.catchingUp || st.busy) return;
  st.catchingUp = true;
  void (async () => {
    let wait = RETRY_FIRST;
    try {
      while (st.dirty && !st.busy && onScreen(st) && !st.over) {
        st.dirty = false;
        try {
          await refresh(st);
          wait = RETRY_FIRST;
        } catch {
          // Read again after a while: the stream's last event may already be here (my turn
          // brings no other), so waiting for the next one could leave the table behind for good.
          st.dirty = true;
          await pause(wait, st.abort.signal);
          wait = Math.min(2 * wait, RETRY_MOST);
          continue;
        }
        if (behind(st)) st.dirty = true;
        // News already on screen (an action's own answer brought it) is not drawn again: a table
        // drawn anew under a finger loses the tap, its focus and its open explanation.
        if (onScreen(st) && (st.shown !== null || drawnKey(st) !== st.drawn)) st.draw();
        // Busy: the action under way reads the end when it is done (afterBusy).
        if (isOver(st) && !st.busy) await readTheEnd(st);
      }
    } finally {
      st.catchingUp = false;
    }
  })();
}

/**
 * Long polls until the game is over or the table is left.
 * @param {TableState} st
 */
async function poll(st) {
  while (!st.abort.signal.aborted) {
    const g = st.game;
    if (isOver(st)) {
      await readTheEnd(st);
      return;
    }
    try {
      const version = g === null ? 0 : g.game.version;
      const next = /** @type {GameDto | null} */ (
        await call("GET", `/v1/games/${st.id}?after_version=${version}&wait=${WAIT}`, {
          signal: st.abort.signal,
        })
      );
      if (next !== null && next.game.version !== version && !st.busy) {
        await refresh(st, next);
        if (onScreen(st)) st.draw();
      }
    } catch {
      if (st.abort.signal.aborted) return;
      await pause(2000, st.abort.signal);
    }
  }
}

/**
 * What was put off while an action was under way: the stream's news, or the end of the game.
 * @param {TableState} st
 */
export function afterBusy(st) {
  if (!onScreen(st)) return;
  if (isOver(st)) void readTheEnd(st);
  else if (st.live === "stream" && st.dirty) catchUp(st);
}
