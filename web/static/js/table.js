// The table: the game as the server shows it to me, the choices `legal-actions` lists (and no
// others), live updates from the game's event stream (SSE; long polls where streams fail), the
// event log in words and the history slider (`?at=N`); inviting to an open game and a rematch
// of a finished one. No rules here: the server is the only source of truth.

import { ApiError, call, session } from "./api.js";
import { cardBack, cardFace, cardName, CLANS, loadCards } from "./cards.js";
import { h, replace } from "./dom.js";
import { dateTime, relative, until } from "./format.js";
import { t } from "./i18n.js";
import { decisionText, describe } from "./log.js";
import { follow, streams } from "./stream.js";

/** @typedef {import("./types.js").Action} Action */
/** @typedef {import("./types.js").EventDto} EventDto */
/** @typedef {import("./types.js").EventPage} EventPage */
/** @typedef {import("./types.js").FollowerRef} FollowerRef */
/** @typedef {import("./types.js").GameDto} GameDto */
/** @typedef {import("./types.js").LegalActions} LegalActions */
/** @typedef {import("./types.js").PlayerView} PlayerView */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").InvitationDto} InvitationDto */
/** @typedef {import("./types.js").GameSummary} GameSummary */

/** How long one long poll may wait, in seconds. */
const WAIT = 25;

/**
 * @typedef {object} TableState
 * @property {string} id
 * @property {GameDto | null} game the latest game
 * @property {GameDto | null} shown the version on screen when looking back (`?at=`)
 * @property {Action[]} legal
 * @property {number} legalVersion
 * @property {number | null} selected the hand card whose muster choices are open
 * @property {EventDto[]} events
 * @property {boolean} busy
 * @property {ApiError | null} refusal
 * @property {AbortController} abort
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
 */

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
    game: null,
    shown: null,
    legal: [],
    legalVersion: 0,
    selected: null,
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
  };
  state = st;
  replace(main, h("p", { role: "status" }, t.loadingGame));
  try {
    await loadCards();
    await refresh(st);
    // From now on the events come on the stream, where this browser has streams.
    st.live = streams() ? "stream" : "poll";
  } catch (e) {
    if (state !== st) return;
    replace(main, h("p", { role: "alert" }, t.gameNotLoaded(message(e))));
    return;
  }
  render(main, st);
  // The deadline counts down: its words are refreshed every second, between renders.
  st.tick = window.setInterval(countdown, 1000);
  void live(main, st);
}

/** Refreshes the deadline's words on screen (`#deadline`), if any. */
function countdown() {
  const el = document.getElementById("deadline");
  const iso = el?.getAttribute("datetime");
  if (!el || !iso) return;
  const text = deadlineText(iso);
  if (el.textContent !== text) el.textContent = text;
}

/** @param {string} iso */
function deadlineText(iso) {
  return until(iso) > 0 ? t.deadline(relative(iso), dateTime(iso)) : t.deadlinePassed(dateTime(iso));
}

/** @param {unknown} e */
function message(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Reads the game (or takes `game`), my legal actions and the new events (unless the stream
 * brings them).
 * @param {TableState} st
 * @param {GameDto | null} [game]
 */
async function refresh(st, game = null) {
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
}

/** @param {TableState} st */
function lastSeq(st) {
  return st.events.length === 0 ? 0 : (st.events[st.events.length - 1]?.seq ?? 0);
}

/**
 * Adds events after the last one held: the stream and the pages both run in order from where
 * they started, so anything at or before the last seq is a repeat.
 * @param {TableState} st
 * @param {EventDto[]} events
 */
function addEvents(st, events) {
  for (const e of events) if (e.seq > lastSeq(st)) st.events.push(e);
}

/** @param {TableState} st */
async function readEvents(st) {
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
function behind(st) {
  return st.game !== null && lastSeq(st) > st.game.game.version;
}

/** @param {TableState} st */
function isOver(st) {
  const g = st.game;
  return g !== null && g.view !== null && g.view.status === "finished";
}

/**
 * Everything is revealed at the end: reads the events again, unredacted, once.
 * @param {HTMLElement} main
 * @param {TableState} st
 */
async function readTheEnd(main, st) {
  if (st.over) return;
  st.over = true;
  // Nothing more will happen: the stream is closed (a request under way, such as a refused
  // resignation, still gets its answer).
  st.stopStream();
  st.events = [];
  await readEvents(st).catch(() => {});
  if (state === st) render(main, st);
}

/**
 * Follows the game until it is over or the table is left: its event stream, or long polls
 * where streams do not work.
 * @param {HTMLElement} main
 * @param {TableState} st
 */
async function live(main, st) {
  if (isOver(st)) {
    await readTheEnd(main, st);
    return;
  }
  if (st.live !== "stream") {
    await poll(main, st);
    return;
  }
  if (behind(st)) catchUp(main, st);
  const streaming = new AbortController();
  st.abort.signal.addEventListener("abort", () => streaming.abort());
  st.stopStream = () => streaming.abort();
  follow(`/v1/games/${st.id}/stream`, {
    kinds: ["message"],
    after: () => String(lastSeq(st)),
    heard: (data) => {
      addEvents(st, [/** @type {EventDto} */ (data)]);
      catchUp(main, st);
    },
    // Opened again: what happened while none was open shows at once.
    opened: (again) => {
      if (again) catchUp(main, st);
    },
    gaveUp: () => {
      if (state !== st || st.over) return;
      st.live = "poll";
      render(main, st);
      void poll(main, st);
    },
    signal: streaming.signal,
  });
}

/**
 * Brings the view and my choices up to the events the stream told of: one refresh at a time,
 * again while more arrived meanwhile (a move and the scoring after it come as a burst).
 * @param {HTMLElement} main
 * @param {TableState} st
 */
function catchUp(main, st) {
  st.dirty = true;
  if (st.catchingUp || st.busy) return;
  st.catchingUp = true;
  void (async () => {
    try {
      while (st.dirty && !st.busy && state === st && !st.over) {
        st.dirty = false;
        try {
          await refresh(st);
        } catch {
          // The next event, or the next opening of the stream, tries again.
          st.dirty = true;
          return;
        }
        if (behind(st)) st.dirty = true;
        if (state === st) render(main, st);
        // Busy: the action under way reads the end when it is done (afterBusy).
        if (isOver(st) && !st.busy) await readTheEnd(main, st);
      }
    } finally {
      st.catchingUp = false;
    }
  })();
}

/**
 * Long polls until the game is over or the table is left.
 * @param {HTMLElement} main
 * @param {TableState} st
 */
async function poll(main, st) {
  while (!st.abort.signal.aborted) {
    const g = st.game;
    if (isOver(st)) {
      await readTheEnd(main, st);
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
        if (state === st) render(main, st);
      }
    } catch {
      if (st.abort.signal.aborted) return;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

/**
 * Submits one of the listed actions.
 * @param {HTMLElement} main
 * @param {TableState} st
 * @param {Action} action
 */
async function act(main, st, action) {
  if (st.busy) return;
  st.busy = true;
  st.refusal = null;
  st.selected = null;
  main.querySelector(".table")?.setAttribute("data-busy", "yes");
  try {
    await call("POST", `/v1/games/${st.id}/actions`, {
      body: action,
      headers: { "If-Match": `"${st.legalVersion}"`, "Idempotency-Key": randomKey() },
      signal: st.abort.signal,
    });
  } catch (e) {
    if (e instanceof ApiError) st.refusal = e;
    else st.refusal = new ApiError(0, null);
  }
  try {
    await refresh(st);
  } catch {
    // The next long poll, or the next event of the stream, tries again.
  }
  st.busy = false;
  if (state === st) render(main, st);
  afterBusy(main, st);
}

/**
 * What was put off while busy: the stream's news, or the end of the game.
 * @param {HTMLElement} main
 * @param {TableState} st
 */
function afterBusy(main, st) {
  if (state !== st) return;
  if (isOver(st)) void readTheEnd(main, st);
  else if (st.live === "stream" && st.dirty) catchUp(main, st);
}

function randomKey() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
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

/**
 * @param {HTMLElement} main
 * @param {TableState} st
 */
function render(main, st) {
  const g = st.game;
  if (g === null) return;
  const shown = st.shown ?? g;
  const view = shown.view;
  const who = namer(g);
  const current = st.shown === null;
  const finished = g.view !== null && g.view.status === "finished";
  const status = finished ? "finished" : g.game.status;
  const myTurn =
    current && view !== null && view.awaiting !== null && view.awaiting.seat === g.your_seat && st.legal.length > 0;
  /** @param {Action} a */
  const pick = (a) => () => void act(main, st, a);
  const options = current ? st.legal : [];

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
      h("h1", { id: "table-title" }, t.gameTitle(g.game.id.slice(0, 8))),
      h(
        "p",
        { class: "meta" },
        t.tableMeta(
          g.game.seats.map((s) => who(s.seat)),
          g.game.options.target_score,
        ),
      ),
    ),
    statusLine(st, g, shown, who, myTurn),
    current && view !== null && view.status === "active" ? clockLine(g, view) : null,
    view === null ? null : ranking(view, who),
    st.refusal
      ? h("div", { role: "alert", class: "refusal", "data-code": st.refusal.code }, st.refusal.message)
      : null,
    g.game.status === "open" && g.your_seat === null ? joinButton(main, st) : null,
    g.game.status === "open" ? seatList(g, who) : null,
    g.game.status === "open" && g.your_seat !== null ? invitePanel(main, st, g) : null,
    g.game.status === "open" && g.your_seat === null && g.game.visibility === "public" ? inviteLink(g) : null,
    g.game.status === "open" && g.your_seat !== null ? leaveButton(st) : null,
    view === null ? null : board(st, g, view, who, options, pick),
    current && myTurn ? decisionPanel(st, view, options, pick, main) : null,
    view === null ? null : lastSkirmish(st, shown, view, who),
    current && view !== null && view.status === "active" && g.your_seat !== null ? resignControls(main, st, view, g.your_seat) : null,
    finished && g.your_seat !== null ? rematchButton(st, g) : null,
    history(main, st, g),
    logSection(st, shown, who),
    h(
      "nav",
      { class: "links", "aria-label": t.gameLinks },
      h("a", { href: "#/" }, t.backToLobby),
      finished ? h("a", { href: `#/audit/${g.game.id}` }, t.auditThisGame) : null,
    ),
  );
  const focus = focusKey(main);
  replace(main, section);
  restoreFocus(main, focus);
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
 * @param {TableState} st
 * @param {GameDto} g
 * @param {GameDto} shown
 * @param {(seat: number) => string} who
 * @param {boolean} myTurn
 */
function statusLine(st, g, shown, who, myTurn) {
  const v = shown.view;
  let text;
  if (v === null) {
    text =
      g.game.status === "open"
        ? t.waitingForPlayers(g.game.seats.length, g.game.options.players)
        : t.notStartedAt(shown.version);
  } else if (v.status === "finished") {
    const winners = (v.winners ?? []).map(who);
    text = t.gameOver(winners, v.players.map((p) => t.scoreOf(who(p.seat), p.score)).join(", "));
  } else {
    const where = t.where(v.skirmish, v.turn, who(v.initiative));
    if (v.awaiting === null) text = where;
    else if (myTurn) text = `${where} ${t.yourDecision(decisionText(v.awaiting.decision.kind))}`;
    else text = `${where} ${t.waitingFor(who(v.awaiting.seat), decisionText(v.awaiting.decision.kind))}`;
  }
  if (st.shown !== null) text = `${t.lookingBack(shown.version, g.game.version)} ${text}`;
  return h("p", { id: "status", role: "status", class: myTurn ? "status mine" : "status" }, text);
}

/**
 * @param {FollowerRef} a
 * @param {FollowerRef} b
 */
function sameRef(a, b) {
  return a.seat === b.seat && a.position === b.position;
}

/**
 * The whole board: every player's side, the Supporter row, the recruits, the piles.
 * @param {TableState} st
 * @param {GameDto} g
 * @param {View} view
 * @param {(seat: number) => string} who
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 */
function board(st, g, view, who, options, pick) {
  const mine = view.players.find((p) => p.seat === g.your_seat) ?? null;
  const others = view.players.filter((p) => p !== mine);
  return h(
    "div",
    { id: "board", class: "board" },
    h("div", { class: "opponents" }, others.map((p) => playerSide(st, g, view, p, who, options, pick))),
    middle(view, who, options, pick),
    mine ? playerSide(st, g, view, mine, who, options, pick) : null,
  );
}

/**
 * @param {TableState} st
 * @param {GameDto} g
 * @param {View} view
 * @param {PlayerView} p
 * @param {(seat: number) => string} who
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 */
function playerSide(st, g, view, p, who, options, pick) {
  const me = p.seat === g.your_seat;
  const name = who(p.seat);
  const awaited = view.awaiting !== null && view.awaiting.seat === p.seat;
  const bot = g.game.seats.find((s) => s.seat === p.seat)?.bot ?? null;
  const army = p.army.map((f, position) => {
    const ref = { seat: p.seat, position };
    const target = options.find(
      (a) =>
        (a.type === "copy_power" || a.type === "swap_follower" || a.type === "discard_follower") &&
        sameRef(a.target, ref),
    );
    const notes = [
      f.face_up ? null : t.faceDown,
      f.active ? t.powerActive(CLANS[f.active].name) : null,
      f.kept ? t.kept : null,
    ].filter((x) => x !== null);
    const note = notes.join(", ");
    const tokens = f.active ? h("span", { class: "token" }, `⚑ ${CLANS[f.active].badge}`) : null;
    if (target) {
      const what = f.card !== null ? cardName(f.card) : t.aFaceDownFollower;
      const action =
        target.type === "copy_power" ? t.copyPowerOf(what) : target.type === "swap_follower" ? t.take(what) : t.discard(what);
      const label = t.armyTarget(action, name, position + 1);
      const attrs = { type: "button", "aria-label": label, title: label, "data-option": target.type, onclick: pick(target) };
      const face = f.card !== null ? cardFace(f.card, { tag: "button", note, attrs }) : cardBack(label, { tag: "button", attrs });
      return h("li", {}, face, tokens);
    }
    const face =
      f.card !== null
        ? cardFace(f.card, note ? { note } : {})
        : cardBack(t.faceDownFollower(position + 1));
    return h("li", { class: f.face_up ? "" : "down" }, face, tokens);
  });
  const handCards = p.hand ?? [];
  return h(
    "section",
    { class: `side${me ? " mine" : ""}${awaited ? " awaited" : ""}`, "aria-label": me ? t.yourSide : t.sideOf(name) },
    h(
      "h2",
      {},
      name,
      view.initiative === p.seat ? h("span", { class: "pill" }, t.initiative) : null,
      bot ? h("span", { class: "pill bot", "data-badge": "bot" }, t.botBadge(t.botLevels[bot])) : null,
      p.resigned ? h("span", { class: "pill resigned", "data-badge": "resigned" }, t.resignedBadge) : null,
      p.timeouts > 0 && !p.resigned ? h("span", { class: "pill" }, t.timeoutsBadge(p.timeouts)) : null,
      awaited ? h("span", { class: "pill turn" }, t.toDecide) : null,
    ),
    h("p", { class: "meta" }, t.sideMeta(p.score, p.hand_size)),
    h("h3", {}, t.army),
    army.length > 0
      ? h("ol", { class: "cards army", "aria-label": me ? t.yourArmy : t.armyOf(name) }, army)
      : h("p", { class: "empty" }, t.noFollowers),
    p.victory.length > 0
      ? h(
          "details",
          { class: "victory" },
          h("summary", {}, t.victoryPile(p.victory.length, p.score)),
          h("div", { class: "cards small" }, p.victory.map((c) => cardFace(c))),
        )
      : null,
    p.hand !== null ? hand(st, me, name, handCards, options) : null,
  );
}

/**
 * @param {TableState} st
 * @param {boolean} me
 * @param {string} name
 * @param {number[]} cards
 * @param {Action[]} options
 */
function hand(st, me, name, cards, options) {
  return h(
    "div",
    { class: "hand-wrap" },
    h("h3", { id: `hand-${name.replace(/\W/g, "")}` }, me ? t.yourHand : t.handOf(name)),
    h(
      "div",
      { class: "cards hand", role: "group", "aria-labelledby": `hand-${name.replace(/\W/g, "")}` },
      cards.map((c) => {
        const playable = me && options.some((a) => a.type === "muster" && a.card === c);
        if (!playable) return cardFace(c);
        return cardFace(c, {
          tag: "button",
          attrs: {
            type: "button",
            "data-option": "muster",
            "aria-pressed": st.selected === c ? "true" : "false",
            onclick: () => {
              st.selected = st.selected === c ? null : c;
              const main = document.getElementById("main");
              if (main) render(main, st);
              document.querySelector(`[data-muster-choice]`)?.closest("[role=group]")?.querySelector("button")?.focus();
            },
          },
        });
      }),
    ),
  );
}

/**
 * Supporter row, recruits, draw pile and discard pile.
 * @param {View} view
 * @param {(seat: number) => string} who
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 */
function middle(view, who, options, pick) {
  void who;
  const supporters = view.supporters.map((c) => {
    const a = options.find(
      (x) => (x.type === "claim_supporter" || x.type === "swap_supporter") && x.supporter === c,
    );
    if (!a) return cardFace(c);
    const label = a.type === "claim_supporter" ? t.claim(cardName(c)) : t.swapFor(cardName(c));
    return cardFace(c, {
      tag: "button",
      attrs: { type: "button", "aria-label": label, title: label, "data-option": a.type, onclick: pick(a) },
    });
  });
  const recruits = view.recruits.map((r) => {
    const a = options.find((x) => x.type === "recruit" && x.slot === r.slot);
    const what = r.card !== null ? cardName(r.card) : r.state === "face_down" ? t.aFaceDownCard : t.nothing;
    if (r.state === "empty") return h("div", { class: "card empty-slot", role: "img", "aria-label": t.slotEmpty(r.slot + 1) });
    if (a) {
      const label = t.recruitFrom(what, r.slot + 1);
      const attrs = { type: "button", "aria-label": label, title: label, "data-option": "recruit", onclick: pick(a) };
      return r.card !== null ? cardFace(r.card, { tag: "button", attrs }) : cardBack(label, { tag: "button", attrs });
    }
    return r.card !== null
      ? cardFace(r.card, { note: t.slotNote(r.slot + 1) })
      : cardBack(t.slotFaceDown(r.slot + 1));
  });
  const top = view.discard[view.discard.length - 1];
  return h(
    "section",
    { class: "middle", "aria-label": t.middle },
    h("h2", {}, t.supporterRow),
    h("div", { class: "cards supporters", role: "group", "aria-label": t.supporterRow }, supporters),
    h("h2", {}, t.recruits),
    h("div", { class: "cards recruits", role: "group", "aria-label": t.recruits }, recruits),
    h(
      "div",
      { class: "piles" },
      h("p", {}, t.drawPile(view.draw_size)),
      h(
        "details",
        {},
        h("summary", {}, t.discardPile(view.discard.length, top !== undefined ? cardName(top) : null)),
        h("div", { class: "cards small" }, view.discard.map((c) => cardFace(c))),
      ),
    ),
  );
}

/**
 * The muster choices of the selected card, and Pass.
 * @param {TableState} st
 * @param {View} view
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 * @param {HTMLElement} main
 */
function decisionPanel(st, view, options, pick, main) {
  const kind = view.awaiting?.decision.kind;
  const hint = kind === undefined ? "" : t.hints[kind];
  const musters = st.selected === null ? [] : options.filter((a) => a.type === "muster" && a.card === st.selected);
  const pass = options.find((a) => a.type === "pass");
  return h(
    "section",
    { class: "decision", "aria-label": t.yourDecisionPanel },
    h("p", {}, hint),
    st.selected !== null && musters.length > 0
      ? h(
          "div",
          { role: "group", class: "choices", "aria-label": t.musterCard(cardName(st.selected)) },
          musters.map((a) => {
            if (a.type !== "muster") return null;
            const text = !a.face_up ? t.musterFaceDown : a.use_power ? t.musterFaceUpPower : t.musterFaceUp;
            return h("button", { type: "button", class: "primary", "data-muster-choice": "", onclick: pick(a) }, text);
          }),
          h(
            "button",
            {
              type: "button",
              onclick: () => {
                st.selected = null;
                render(main, st);
              },
            },
            t.cancel,
          ),
        )
      : null,
    pass ? h("button", { type: "button", "data-option": "pass", onclick: pick(pass) }, t.pass) : null,
  );
}

/**
 * The end of the last scored skirmish: strengths, doubling, placement and the claims made.
 * @param {TableState} st
 * @param {GameDto} shown
 * @param {View} view
 * @param {(seat: number) => string} who
 */
function lastSkirmish(st, shown, view, who) {
  if (view.last_scores.length === 0) return null;
  const upto = st.events.filter((e) => e.seq <= shown.version);
  const scored = upto.map((e) => e.event.type).lastIndexOf("armies_scored");
  const claims = scored < 0 ? [] : upto.slice(scored).flatMap((e) => (e.event.type === "supporter_claimed" ? [e.event] : []));
  return h(
    "section",
    { class: "summary", "aria-label": t.lastSkirmish },
    h("h2", {}, t.lastSkirmish),
    h(
      "ul",
      {},
      view.last_scores.map((a) =>
        h("li", {}, t.strengthOf(who(a.seat), a.strength, a.doubled)),
      ),
    ),
    h("p", {}, t.placement(view.placement.map((s, i) => t.place(i + 1, who(s))))),
    claims.length > 0
      ? h("p", {}, t.claims(claims.map((c) => t.took(who(c.seat), cardName(c.card)))))
      : null,
  );
}

/**
 * @param {HTMLElement} main
 * @param {TableState} st
 */
function joinButton(main, st) {
  return h(
    "button",
    {
      type: "button",
      class: "primary",
      onclick: async () => {
        try {
          await call("POST", `/v1/games/${st.id}/join`);
        } catch (e) {
          if (e instanceof ApiError) st.refusal = e;
        }
        await refresh(st).catch(() => {});
        render(main, st);
      },
    },
    t.joinThisGame,
  );
}

/**
 * Leaves a game that has not started.
 * @param {TableState} st
 */
function leaveButton(st) {
  return h(
    "button",
    {
      type: "button",
      onclick: async () => {
        await call("POST", `/v1/games/${st.id}/leave`).catch(() => {});
        location.hash = "#/";
      },
    },
    t.leaveThisGame,
  );
}

/**
 * An open game's seats: who holds each (a bot's marked), which are free.
 * @param {GameDto} g
 * @param {(seat: number) => string} who
 */
function seatList(g, who) {
  return h(
    "section",
    { class: "seats-list", "aria-labelledby": "seats-title" },
    h("h2", { id: "seats-title" }, t.seats),
    h(
      "ol",
      {},
      Array.from({ length: g.game.options.players }, (_, seat) => {
        const held = g.game.seats.find((s) => s.seat === seat);
        return h(
          "li",
          { "data-seat": seat },
          held ? who(seat) : h("span", { class: "empty" }, t.freeSeat),
          held?.bot ? h("span", { class: "pill bot", "data-badge": "bot" }, t.botBadge(t.botLevels[held.bot])) : null,
        );
      }),
    ),
  );
}

/**
 * A seated player's invitations to an open game: the link (a public game's own; a private
 * game's carries a code made on request) and an invitation by username.
 * @param {HTMLElement} main
 * @param {TableState} st
 * @param {GameDto} g
 */
function invitePanel(main, st, g) {
  const result = h("p", { role: "status", id: "invite-result" }, st.invited !== null ? t.invitedUser(st.invited) : "");
  const problem = h("p", { class: "form-error", role: "alert", id: "invite-problem" });
  const byName = h(
    "form",
    { class: "invite-name", "aria-labelledby": "invite-name-title" },
    h("h3", { id: "invite-name-title" }, t.inviteByUsername),
    h(
      "label",
      {},
      t.usernameToInvite,
      h("input", {
        id: "invite-username",
        name: "username",
        type: "text",
        required: true,
        autocomplete: "off",
        "aria-describedby": "invite-problem",
        value: st.inviteDraft,
        oninput: (/** @type {Event} */ e) => {
          st.inviteDraft = /** @type {HTMLInputElement} */ (e.target).value;
        },
      }),
    ),
    h("button", { type: "submit" }, t.invite),
  );
  byName.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    problem.textContent = "";
    const username = String(new FormData(/** @type {HTMLFormElement} */ (byName)).get("username") ?? "").trim();
    if (username === "") return;
    try {
      await call("POST", `/v1/games/${st.id}/invitations`, { body: { username }, signal: st.abort.signal });
      st.invited = username;
      st.inviteDraft = "";
      render(main, st);
    } catch (e) {
      problem.textContent = message(e);
      if (e instanceof ApiError) problem.dataset["code"] = e.code;
    }
  });
  return h(
    "section",
    { class: "invite", "aria-labelledby": "invite-title" },
    h("h2", { id: "invite-title" }, t.invitePlayers),
    g.game.visibility === "public" ? inviteLink(g) : codeLink(main, st, g, problem),
    byName,
    result,
    problem,
  );
}

/**
 * A private game's invitation link: made on request, a code good for every free seat; the code
 * travels after the `#`, so it never reaches a server's logs.
 * @param {HTMLElement} main
 * @param {TableState} st
 * @param {GameDto} g
 * @param {HTMLElement} problem
 */
function codeLink(main, st, g, problem) {
  if (st.inviteLink === null) {
    return h(
      "p",
      {},
      h(
        "button",
        {
          type: "button",
          id: "make-link",
          onclick: async () => {
            problem.textContent = "";
            const uses = Math.max(1, g.game.options.players - g.game.seats.length);
            try {
              const inv = /** @type {InvitationDto} */ (
                await call("POST", `/v1/games/${st.id}/invitations`, { body: { uses }, signal: st.abort.signal })
              );
              st.inviteLink = `${location.origin}/#/join/${st.id}/${inv.code ?? ""}`;
              render(main, st);
              document.getElementById("invite-code-link")?.focus();
            } catch (e) {
              problem.textContent = message(e);
              if (e instanceof ApiError) problem.dataset["code"] = e.code;
            }
          },
        },
        t.makeInviteLink,
      ),
    );
  }
  const copied = h("span", { role: "status", class: "copied" });
  return h(
    "p",
    { class: "invite-link" },
    h("label", { for: "invite-code-link" }, t.invitationLink),
    h("input", {
      id: "invite-code-link",
      type: "text",
      readonly: true,
      value: st.inviteLink,
      onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select(),
    }),
    h(
      "button",
      {
        type: "button",
        onclick: async () => {
          const link = st.inviteLink ?? "";
          try {
            await navigator.clipboard.writeText(link);
            copied.textContent = t.linkCopied;
          } catch {
            // No clipboard here (permissions, an old browser): the link is selected to copy by hand.
            /** @type {HTMLInputElement | null} */ (document.getElementById("invite-code-link"))?.select();
            copied.textContent = t.linkSelected;
          }
        },
      },
      t.copyLink,
    ),
    copied,
  );
}

/**
 * "Rematch": the rematch of this finished game (made now, or the one a player already asked
 * for), where I take the seat kept for me; then its table.
 * @param {TableState} st
 * @param {GameDto} g
 */
function rematchButton(st, g) {
  const problem = h("p", { class: "form-error", role: "alert", id: "rematch-problem" });
  return h(
    "section",
    { class: "rematch", "aria-label": t.rematch },
    h(
      "button",
      {
        type: "button",
        class: "primary",
        id: "rematch",
        onclick: async () => {
          problem.textContent = "";
          try {
            const next = /** @type {GameSummary} */ (await call("POST", `/v1/games/${st.id}/rematch`));
            const me = (session()?.username ?? "").toLowerCase();
            if (next.status === "open" && !next.seats.some((s) => s.username.toLowerCase() === me)) {
              // Invited by the rematch: my seat is kept; joining takes it (no code needed).
              await call("POST", `/v1/games/${next.id}/join`);
            }
            location.hash = `#/game/${next.id}`;
          } catch (e) {
            problem.textContent = message(e);
            if (e instanceof ApiError) problem.dataset["code"] = e.code;
          }
        },
      },
      g.game.rematch ? t.goToRematch : t.rematch,
    ),
    problem,
  );
}

/**
 * The link to send to the players still missing.
 * @param {GameDto} g
 */
function inviteLink(g) {
  const url = `${location.origin}/#/game/${g.game.id}`;
  return h(
    "p",
    { class: "invite" },
    h("label", { for: "invite-link" }, t.inviteByLink),
    h("input", { id: "invite-link", type: "text", readonly: true, value: url, onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
  );
}

/**
 * The slider over every version.
 * @param {HTMLElement} main
 * @param {TableState} st
 * @param {GameDto} g
 */
function history(main, st, g) {
  const max = g.game.version;
  if (max === 0) return null;
  const at = st.shown?.version ?? max;
  /** @param {number} n */
  const go = async (n) => {
    if (n >= max) {
      st.shown = null;
    } else {
      try {
        st.shown = /** @type {GameDto} */ (await call("GET", `/v1/games/${st.id}?at=${n}`, { signal: st.abort.signal }));
      } catch {
        return;
      }
    }
    render(main, st);
    /** @type {HTMLInputElement | null} */ (document.getElementById("history-slider"))?.focus();
  };
  return h(
    "section",
    { class: "history", "aria-label": t.history },
    h("label", { for: "history-slider" }, t.historyLabel(at, max)),
    h("input", {
      id: "history-slider",
      type: "range",
      min: 0,
      max,
      step: 1,
      value: at,
      "aria-valuetext": t.historyValue(at, max),
      onchange: (/** @type {Event} */ e) => void go(Number(/** @type {HTMLInputElement} */ (e.target).value)),
    }),
    st.shown !== null ? h("button", { type: "button", onclick: () => void go(max) }, t.backToNow) : null,
  );
}

/**
 * The log in words, up to the version on screen.
 * @param {TableState} st
 * @param {GameDto} shown
 * @param {(seat: number) => string} who
 */
function logSection(st, shown, who) {
  const upto = st.shown === null ? Infinity : shown.version;
  const lines = st.events.filter((e) => e.seq <= upto);
  const recent = lines.slice(-60).reverse();
  return h(
    "section",
    { class: "log", "aria-label": t.gameLog },
    h("h2", {}, t.log),
    lines.length === 0 ? h("p", { class: "empty" }, t.noEvents) : null,
    lines.length === 0
      ? null
      : h(
      "ol",
      { class: "log-lines", tabindex: 0, "aria-label": t.eventsNewestFirst },
      recent.map((e) => h("li", { value: e.seq }, describe(e.event, who))),
    ),
  );
}


/**
 * The awaited decision's deadline, counting down (see {@link countdown}), or "no clock".
 * @param {GameDto} g
 * @param {View} view
 */
function clockLine(g, view) {
  const iso = view.awaiting?.deadline ?? null;
  if (iso) return h("p", { class: "clock" }, h("time", { id: "deadline", datetime: iso }, deadlineText(iso)));
  if (g.game.options.turn_time_limit_s == null) return h("p", { class: "clock" }, t.noClock);
  return null;
}

/**
 * The final ranking, once the game is over: resigned seats last.
 * @param {View} view
 * @param {(seat: number) => string} who
 */
function ranking(view, who) {
  if (view.ranking === null || view.ranking.length === 0) return null;
  return h(
    "section",
    { class: "ranking", "aria-labelledby": "ranking-title" },
    h("h2", { id: "ranking-title" }, t.ranking),
    h(
      "ol",
      {},
      view.ranking.map((seat, i) => {
        const p = view.players.find((x) => x.seat === seat);
        return h("li", { "data-seat": seat }, t.rankLine(i + 1, who(seat), p?.score ?? 0, p?.resigned ?? false));
      }),
    ),
  );
}

/**
 * "Resign", then a confirmation step (focus moves to it) that calls `/resign`; a refusal shows
 * its problem like any other.
 * @param {HTMLElement} main
 * @param {TableState} st
 * @param {View} view
 * @param {number} seat
 */
function resignControls(main, st, view, seat) {
  if (view.players.find((p) => p.seat === seat)?.resigned) return null;
  if (!st.confirmResign) {
    return h(
      "section",
      { class: "resign", "aria-label": t.resign },
      h(
        "button",
        {
          type: "button",
          id: "resign",
          class: "danger",
          onclick: () => {
            st.confirmResign = true;
            render(main, st);
            document.getElementById("resign-yes")?.focus();
          },
        },
        t.resign,
      ),
    );
  }
  return h(
    "section",
    { class: "resign confirm", role: "alertdialog", "aria-labelledby": "resign-question" },
    h("p", { id: "resign-question" }, t.resignQuestion),
    h(
      "button",
      {
        type: "button",
        id: "resign-yes",
        class: "danger",
        onclick: async () => {
          st.confirmResign = false;
          st.refusal = null;
          st.busy = true;
          main.querySelector(".table")?.setAttribute("data-busy", "yes");
          try {
            await call("POST", `/v1/games/${st.id}/resign`, { signal: st.abort.signal });
          } catch (e) {
            st.refusal = e instanceof ApiError ? e : new ApiError(0, null);
          }
          await refresh(st).catch(() => {});
          st.busy = false;
          if (state === st) render(main, st);
          afterBusy(main, st);
        },
      },
      t.resignYes,
    ),
    h(
      "button",
      {
        type: "button",
        id: "resign-no",
        onclick: () => {
          st.confirmResign = false;
          render(main, st);
          document.getElementById("resign")?.focus();
        },
      },
      t.resignNo,
    ),
  );
}
