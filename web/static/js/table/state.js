// The table's state (the game, my legal actions, the events held) and reading it from the server.

import { call } from "../api.js";

/** @typedef {import("../api.js").ApiError} ApiError */
/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").EventDto} EventDto */
/** @typedef {import("../types.js").EventPage} EventPage */
/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("../types.js").LegalActions} LegalActions */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").View} View */

/** @typedef {import("../types.js").Schemas["ArmyStrength"]} ArmyStrength */
/** @typedef {import("../types.js").Schemas["LastSkirmish"]} LastSkirmish */

/**
 * The view's last scored skirmish (`null` before the first, and from a server older than the field).
 * @param {View} view
 * @returns {LastSkirmish | null}
 */
export function lastSkirmishOf(view) {
  return view.last_skirmish ?? null;
}

/**
 * A player's army strength as far as the viewer knows it (`null` from a server older than the field).
 * @param {PlayerView} p
 * @returns {ArmyStrength | null}
 */
export function armyStrengthOf(p) {
  return p.army_strength ?? null;
}

/**
 * @typedef {object} TableState
 * @property {string} id
 * @property {HTMLElement} main where the table is drawn
 * @property {() => void} draw draws the table in `main` again, from this state
 * @property {GameDto | null} game the latest game
 * @property {GameDto | null} shown the version on screen when looking back (`?at=`)
 * @property {Action[]} legal
 * @property {number} legalVersion
 * @property {number | null} selected the hand card whose muster choices are open
 * @property {Action | null} staged the move chosen and shown, sent only on Confirm ("confirm moves")
 * @property {EventDto[]} events
 * @property {boolean} busy
 * @property {ApiError | null} refusal
 * @property {AbortController} abort aborted when the table is left
 * @property {boolean} confirmResign the resign confirmation step is open
 * @property {number | null} tick the countdown's interval
 * @property {"stream" | "poll" | null} live how the table follows the game
 * @property {boolean} dirty the stream told of events the view has not caught up with
 * @property {boolean} catchingUp a refresh for the stream is under way
 * @property {boolean} over the game's end has been read (every event unredacted)
 * @property {string | null} invited the username last invited, for the status line
 * @property {string | null} inviteLink the invitation link made on this page, if any
 * @property {string} inviteDraft the username being typed in, kept across renders
 * @property {() => void} stopStream closes the game's stream, if open
 * @property {number | null} info the card whose power is explained (its popover open), if any
 * @property {boolean} acted an action of mine was just sent: the next render moves the focus on
 * @property {string | null} scrolledFor the decision whose first target was scrolled into view
 * @property {import("./chat.js").Chat | null} chat the table's chat, once I am seated at a dealt game
 * @property {import("./notes.js").Notes | null} notes my private notes on the game, once I hold a seat
 * @property {number | null} seenVersion the latest version drawn (`null` before the first drawing)
 * @property {string} drawn what the last drawing showed of the game (`drawnKey`)
 */

/**
 * What a drawing of the table shows of the latest game: its version and the last of its events
 * read up to that version (the move log). Equal keys draw the same table.
 * @param {TableState} st
 */
export function drawnKey(st) {
  const version = st.game?.game.version ?? -1;
  let seq = 0;
  for (const e of st.events) if (e.seq <= version && e.seq > seq) seq = e.seq;
  return `${version}:${seq}`;
}

/**
 * Whether `st` is still the table on screen: leaving a table aborts its signal, and only one
 * table is shown at a time.
 * @param {TableState} st
 */
export function onScreen(st) {
  return !st.abort.signal.aborted;
}

/**
 * Reads the game (or takes `game`), my legal actions and the new events (unless the stream
 * brings them).
 * @param {TableState} st
 * @param {GameDto | null} [game]
 */
export async function refresh(st, game = null) {
  const signal = st.abort.signal;
  const g = game ?? /** @type {GameDto} */ (await call("GET", `/v1/games/${st.id}`, { signal }));
  const seated = g.your_seat !== null && g.view !== null && g.view.status === "active";
  const legal = seated
    ? /** @type {LegalActions} */ (await call("GET", `/v1/games/${st.id}/legal-actions`, { signal }))
    : { actions: [], version: g.version };
  if (st.live !== "stream") await readEvents(st);
  st.game = g;
  st.legal = legal.actions;
  st.legalVersion = legal.version;
  if (st.selected !== null && !st.legal.some((a) => a.type === "muster" && a.card === st.selected)) {
    st.selected = null;
  }
  // A staged move that is no longer offered (the game moved on) is dropped, never sent.
  const staged = st.staged === null ? "" : JSON.stringify(st.staged);
  if (st.staged !== null && !st.legal.some((a) => JSON.stringify(a) === staged)) st.staged = null;
}

/** @param {TableState} st */
export function lastSeq(st) {
  return st.events.length === 0 ? 0 : (st.events[st.events.length - 1]?.seq ?? 0);
}

/**
 * Adds events after the last one held: the stream and the pages both run in order from where
 * they started, so anything at or before the last seq is a repeat.
 * @param {TableState} st
 * @param {EventDto[]} events
 */
export function addEvents(st, events) {
  for (const e of events) if (e.seq > lastSeq(st)) st.events.push(e);
}

/** @param {TableState} st */
export async function readEvents(st) {
  for (;;) {
    const page = /** @type {EventPage} */ (
      await call("GET", `/v1/games/${st.id}/events?after=${lastSeq(st)}&limit=100`, { signal: st.abort.signal })
    );
    addEvents(st, page.events);
    if (page.next_after === null) break;
  }
}

/**
 * The events read run ahead of the view: the view is read before the events, and the game may
 * move in between (then the stream, starting after the last event, would never say so).
 * @param {TableState} st
 */
export function behind(st) {
  return st.game !== null && lastSeq(st) > st.game.game.version;
}

/** @param {TableState} st */
export function isOver(st) {
  const g = st.game;
  return g !== null && g.view !== null && g.view.status === "finished";
}
