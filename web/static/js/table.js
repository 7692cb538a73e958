// The table screen: shows one game, draws it from the modules under table/ and keeps it live.
// No rules here: the server is the only source of truth, the table offers exactly the actions
// `legal-actions` lists. The modules below import only those below them (state ← live ←
// actions; board, panels, history and seats on state): this one wires them.

import { loadCards } from "./cards.js";
import { fill, h, replace, slot } from "./dom.js";
import { patch } from "./patch.js";
import { seatProfile } from "./players.js";
import { t } from "./i18n.js";
import { choose, decisionPanel, resignControls, stagedPanel } from "./table/actions.js";
import { openChat } from "./table/chat.js";
import { openNotes } from "./table/notes.js";
import { board } from "./table/board.js";
import { history } from "./table/history.js";
import { live } from "./table/live.js";
import { moves, touched } from "./log.js";
import { clockLine, countdown, lastSkirmish, logSection, ranking, statusLine } from "./table/panels.js";
import { awayLine, movesSince, othersMovedSince, skirmishBanner, timeoutWarning } from "./table/news.js";
import { turnAlert } from "./table/alert.js";
import { inviteLink, invitePanel, joinButton, leaveButton, rematchButton, seatList } from "./table/seats.js";
import { drawnKey, refresh } from "./table/state.js";
import { guideFor } from "./hints.js";
import { streams } from "./stream.js";

/** @typedef {import("./types.js").Action} Action */
/** @typedef {import("./types.js").GameDto} GameDto */
/** @typedef {import("./table/state.js").TableState} TableState */

/** @type {TableState | null} */
let state = null;

/** Stops the live updates of the table on screen, if any. */
export function leaveTable() {
  state?.abort.abort();
  if (state?.tick != null) clearInterval(state.tick);
  state = null;
}

/**
 * Shows game `id` in `main` and keeps it live until {@link leaveTable}.
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function showTable(main, id) {
  leaveTable();
  /** @type {TableState} */
  const st = {
    id,
    main,
    draw: () => render(st),
    drawn: "",
    game: null,
    shown: null,
    legal: [],
    legalVersion: 0,
    selected: null,
    staged: null,
    events: [],
    busy: false,
    refusal: null,
    abort: new AbortController(),
    confirmResign: false,
    tick: null,
    live: null,
    dirty: false,
    catchingUp: false,
    over: false,
    invited: null,
    inviteLink: null,
    inviteDraft: "",
    stopStream: () => {},
    info: null,
    acted: false,
    scrolledFor: null,
    chat: null,
    notes: null,
    seenVersion: null,
  };
  state = st;
  // An open explanation closes on a tap anywhere else, and on Escape: after the tap has done
  // its own work, so that the layout never moves under the finger.
  document.addEventListener(
    "click",
    (e) => {
      if (st.info === null || (e.target instanceof Element && e.target.closest(".power-pop, .power-info, .about-power"))) return;
      st.info = null;
      st.draw();
    },
    { signal: st.abort.signal },
  );
  document.addEventListener(
    "keydown",
    (e) => {
      if (e.key !== "Escape" || st.info === null) return;
      const id = st.info;
      st.info = null;
      st.draw();
      document.getElementById(`info-${id}`)?.focus({ preventScroll: true });
    },
    { signal: st.abort.signal },
  );
  replace(main, h("p", { role: "status" }, t.loadingGame));
  try {
    await loadCards();
    await refresh(st);
    // From now on the events come on the stream, where this browser has streams.
    st.live = streams() ? "stream" : "poll";
  } catch (e) {
    if (state !== st) return;
    replace(main, h("p", { role: "alert" }, t.gameNotLoaded(e instanceof Error ? e.message : String(e))));
    return;
  }
  render(st);
  // The deadline counts down: its words are refreshed every second, between renders.
  st.tick = window.setInterval(countdown, 1000);
  void live(st);
}

/**
 * @param {GameDto} g
 * @returns {(seat: number) => string}
 */
function namer(g) {
  return (seat) => {
    const name = g.game.seats.find((s) => s.seat === seat)?.username ?? t.seat(seat + 1);
    return g.your_seat === seat ? t.you(name) : name;
  };
}

/** @param {TableState} st */
function render(st) {
  const main = st.main;
  const g = st.game;
  if (g === null) return;
  st.drawn = drawnKey(st);
  const shown = st.shown ?? g;
  const view = shown.view;
  const who = namer(g);
  const current = st.shown === null;
  const finished = g.view !== null && g.view.status === "finished";
  const status = finished ? "finished" : g.game.status;
  const myTurn =
    current && view !== null && view.awaiting !== null && view.awaiting.seat === g.your_seat && st.legal.length > 0;
  /** @param {Action} a */
  const pick = (a) => () => choose(st, a);
  const options = current ? st.legal : [];
  const viewer = g.your_seat;
  /** @param {number} seat */
  const isBot = (seat) => g.game.seats.some((s) => s.seat === seat && s.bot != null);
  // The moves up to the version on screen; the last one's cards are marked until the next.
  const upto = st.events.filter((e) => e.seq <= shown.version);
  const list = moves(upto);
  const last = [...list].reverse().find((m) => m.action !== null) ?? null;
  const marks = last !== null ? touched(last) : { cards: new Set(/** @type {number[]} */ ([])), places: [] };
  // The table's chat is its seated players', from the deal on (service rules §9.8).
  if (st.chat === null && g.your_seat !== null && g.game.version > 0) st.chat = openChat(st.id, st.abort.signal);
  // My private notes on this game, from the moment I hold a seat.
  if (st.notes === null && g.your_seat !== null) st.notes = openNotes(st.id, st.abort.signal);

  document.title = myTurn ? t.yourMoveTitle : t.app;
  const section = h(
    "section",
    {
      class: "table",
      "aria-labelledby": "table-title",
      "data-version": shown.version,
      "data-status": status,
      "data-my-turn": myTurn ? "yes" : "no",
      "data-busy": st.busy ? "yes" : null,
      "data-live": st.live,
    },
    h(
      "header",
      { class: "table-head" },
      h("h1", { id: "table-title" }, t.gameTitle(g.game.seats.map((s) => who(s.seat)))),
      h("p", { class: "meta" }, t.tableMeta(g.game.id.slice(0, 8), g.game.options.target_score)),
    ),
    statusLine(st, g, shown, who, myTurn),
    view === null ? null : skirmishBanner(view, upto, list, who, viewer),
    movesSince(list, myTurn, who, viewer, isBot),
    current && view !== null && view.status === "active" ? clockLine(g, view) : null,
    current && view !== null ? awayLine(view, who) : null,
    current && view !== null ? timeoutWarning(g, view) : null,
    view === null ? null : ranking(view, who, (seat) => {
      const held = g.game.seats.find((s) => s.seat === seat);
      return held ? seatProfile(held) : null;
    }),
    st.refusal
      ? h("div", { role: "alert", class: "refusal", "data-code": st.refusal.code }, st.refusal.message)
      : null,
    g.game.status === "open" && g.your_seat === null ? joinButton(st) : null,
    g.game.status === "open" ? seatList(g, who, st) : null,
    g.game.status === "open" && g.your_seat !== null ? invitePanel(st, g) : null,
    g.game.status === "open" && g.your_seat === null && g.game.visibility === "public" ? inviteLink(g) : null,
    g.game.status === "open" && g.your_seat !== null ? leaveButton(st) : null,
    view === null
      ? null
      : board(
          st,
          g,
          view,
          who,
          options,
          pick,
          marks,
          current && myTurn ? decisionPanel(st, view, options, pick) : null,
          current && myTurn && st.staged !== null && st.staged.type !== "muster" ? stagedPanel(st, st.staged) : null,
        ),
    view === null ? null : lastSkirmish(st, shown, view, who),
    current && view !== null && view.status === "active" && g.your_seat !== null ? resignControls(st, view, g.your_seat) : null,
    finished && g.your_seat !== null ? rematchButton(st, g) : null,
    history(st, g),
    h("div", { class: "talk" }, slot("chat"), slot("notes"), logSection(list, who, viewer, isBot)),
    h(
      "nav",
      { class: "links", "aria-label": t.gameLinks },
      h("a", { href: "#/" }, t.backToLobby),
      finished ? h("a", { href: `#/audit/${g.game.id}` }, t.auditThisGame) : null,
    ),
  );
  const focus = focusKey(main);
  // Patched in place, not drawn anew: a tap landing while a live update arrives still counts.
  patch(main, section);
  fill(main, "chat", st.chat?.el ?? null);
  fill(main, "notes", st.notes?.el ?? null);
  const acted = st.acted && !st.busy;
  if (acted) {
    st.acted = false;
    focusNext(main, myTurn);
    backToPlay(main, myTurn);
  } else if (!main.contains(document.activeElement)) {
    restoreFocus(main, focus);
  }
  if (myTurn && view !== null) showTargets(st, view, shown.version);
  // It became my turn again while the page is open, after others moved (not a step of my own
  // move): the alert chosen.
  if (myTurn && current && !acted && st.seenVersion !== null && shown.version > st.seenVersion && othersMovedSince(list, viewer, st.seenVersion)) {
    turnAlert();
  }
  if (current) st.seenVersion = shown.version;
  void guideFor(st);
  window.dispatchEvent(new CustomEvent("lords:rendered", { detail: { version: shown.version } }));
}

/**
 * What has the keyboard focus in `main`, to find its twin after a render.
 * @param {HTMLElement} main
 * @returns {string | null}
 */
function focusKey(main) {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !main.contains(el)) return null;
  if (el.id) return `#${el.id}`;
  const card = el.getAttribute("data-card");
  if (card !== null) return `[data-card="${card}"]`;
  return `text:${el.textContent ?? ""}`;
}

/**
 * Keyboard users keep their place across renders: the same control, or else the first choice
 * offered, or else the status line.
 * @param {HTMLElement} main
 * @param {string | null} key
 */
function restoreFocus(main, key) {
  if (key === null) return;
  /** @type {HTMLElement | null} */
  let el = null;
  if (key.startsWith("text:")) {
    const text = key.slice(5);
    const found = Array.from(main.querySelectorAll("button, a")).find((b) => b.textContent === text);
    el = found instanceof HTMLElement ? found : null;
  } else {
    const found = main.querySelector(key.startsWith("#") ? `[id="${key.slice(1)}"]` : `button${key}`);
    el = found instanceof HTMLElement ? found : null;
  }
  el ??= main.querySelector("[data-option]");
  if (el === null) {
    const status = document.getElementById("status");
    if (status) {
      status.tabIndex = -1;
      el = status;
    }
  }
  el?.focus({ preventScroll: true });
}

/**
 * After one of my actions the keyboard moves on to what is next to decide: the decision panel's
 * first choice, else the first target offered, else the first card of my hand, else any choice;
 * when it is not my turn, the status line. Never the page's body.
 * @param {HTMLElement} main
 * @param {boolean} myTurn
 */
function focusNext(main, myTurn) {
  /** @type {HTMLElement | null} */
  let el = null;
  if (myTurn) {
    for (const sel of [".decision [data-muster-choice]", ".decision [data-option]", ".eligible[data-option]", ".hand [data-option]", "[data-option]"]) {
      el = main.querySelector(sel);
      if (el !== null) break;
    }
  }
  if (el === null) {
    el = document.getElementById("status");
    if (el !== null) el.tabIndex = -1;
  }
  el?.focus({ preventScroll: true });
}

/**
 * A decision with targets (a Fergusson's, a Wemyss's, a Scott's, a Cockburn's) brings the first
 * eligible card into view, once per decision: on a phone it may be a screen away.
 * @param {TableState} st
 * @param {import("./types.js").View} view
 * @param {number} version
 */
function showTargets(st, view, version) {
  const kind = view.awaiting?.decision.kind;
  if (kind !== "fergusson_swap" && kind !== "wemyss_discard" && kind !== "scott_copy" && kind !== "cockburn_swap") return;
  const key = `${version}:${kind}`;
  if (st.scrolledFor === key) return;
  st.scrolledFor = key;
  st.main.querySelector(".eligible[data-option]")?.scrollIntoView({ block: "center" });
}

/**
 * After my move the view goes back to play: to the decision when one awaits me still, else to
 * my hand (on a phone the log and the chat below leave them a screen away).
 * @param {HTMLElement} main
 * @param {boolean} myTurn
 */
function backToPlay(main, myTurn) {
  const target = (myTurn ? main.querySelector(".decision") : null) ?? main.querySelector(".side.mine .hand-wrap") ?? main.querySelector(".side.mine");
  if (target === null) return;
  // Already in sight (its top in the upper three quarters of the screen): the view stays.
  const top = target.getBoundingClientRect().top;
  if (top >= 0 && top < 0.75 * window.innerHeight) return;
  target.scrollIntoView({ block: "center" });
}
