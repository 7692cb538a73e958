// My moves at the table: submitting a listed action, the decision panel, and resigning.

import { ApiError, call } from "../api.js";
import { card, cardName } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { confirmMoves } from "../prefs.js";
import { afterBusy } from "./live.js";
import { onScreen, refresh } from "./state.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("./state.js").TableState} TableState */

/** The moves that count at once and cannot be taken back: staged first when confirming moves. */
const STAGED = new Set(["recruit", "claim_supporter", "muster"]);

/**
 * A listed action chosen on the table: with "confirm moves" on, a recruit, a claim or a muster
 * is staged (shown, with Confirm and Cancel) and sent only on Confirm; anything else is sent.
 * @param {TableState} st
 * @param {Action} action
 */
export function choose(st, action) {
  if (st.busy) return;
  if (confirmMoves() && STAGED.has(action.type)) {
    st.staged = action;
    st.info = null;
    st.draw();
    const yes = document.getElementById("confirm-move");
    yes?.scrollIntoView({ block: "nearest" });
    yes?.focus({ preventScroll: true });
    return;
  }
  void act(st, action);
}

/**
 * Sends the staged move.
 * @param {TableState} st
 */
function confirmStaged(st) {
  const action = st.staged;
  if (action === null) return;
  void act(st, action);
}

/**
 * Submits one of the listed actions.
 * @param {TableState} st
 * @param {Action} action
 */
export async function act(st, action) {
  if (st.busy) return;
  st.staged = null;
  st.selected = null;
  st.info = null;
  st.acted = true;
  await busyWith(st, () =>
    call("POST", `/v1/games/${st.id}/actions`, {
      body: action,
      headers: { "If-Match": `"${st.legalVersion}"`, "Idempotency-Key": randomKey() },
      signal: st.abort.signal,
    }),
  );
}

/**
 * Sends one move (an action, a resignation) with the table marked busy; a refusal is kept to
 * show; then the game is read again and the live updates put off meanwhile resume.
 * @param {TableState} st
 * @param {() => Promise<unknown>} send
 */
async function busyWith(st, send) {
  st.busy = true;
  st.refusal = null;
  st.main.querySelector(".table")?.setAttribute("data-busy", "yes");
  try {
    await send();
  } catch (e) {
    st.refusal = e instanceof ApiError ? e : new ApiError(0, null);
  }
  try {
    await refresh(st);
  } catch {
    // Caught up after (afterBusy), from the stream, or by the next long poll.
    st.dirty = true;
  }
  st.busy = false;
  if (onScreen(st)) st.draw();
  afterBusy(st);
}

function randomKey() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/**
 * What I am to decide, naming the card a power's choice is for ("Fergusson 7: choose a Follower
 * to swap with"); the muster choices of the selected card; and Pass.
 * @param {TableState} st
 * @param {View} view
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 */
export function decisionPanel(st, view, options, pick) {
  const decision = view.awaiting?.decision;
  let hint = decision === undefined ? "" : t.hints[decision.kind];
  if (decision !== undefined && view.awaiting !== null && "position" in decision) {
    const seat = view.awaiting.seat;
    const card = view.players.find((p) => p.seat === seat)?.army[decision.position]?.card ?? null;
    if (card !== null) hint = t.explain.choose[decision.kind](cardName(card));
  }
  const musters = st.selected === null ? [] : options.filter((a) => a.type === "muster" && a.card === st.selected);
  const pass = options.find((a) => a.type === "pass");
  return h(
    "section",
    { class: "decision", "aria-label": t.yourDecisionPanel, "data-decision": decision?.kind ?? null },
    h("p", { id: "decision-hint" }, hint),
    st.staged?.type === "muster" ? stagedPanel(st, st.staged) : null,
    st.selected !== null && musters.length > 0
      ? h(
          "div",
          { role: "group", class: "choices", "aria-label": t.musterCard(cardName(st.selected)) },
          musters.map((a) => {
            if (a.type !== "muster") return null;
            const text = musterText(a);
            const staged = st.staged !== null && sameAction(st.staged, a);
            return h(
              "button",
              { type: "button", class: staged ? "primary staged" : "primary", "data-muster-choice": "", "aria-pressed": st.staged !== null ? String(staged) : null, onclick: pick(a) },
              text,
            );
          }),
          h(
            "button",
            {
              type: "button",
              onclick: () => {
                st.selected = null;
                st.draw();
              },
            },
            t.cancel,
          ),
        )
      : null,
    pass ? h("button", { type: "button", "data-option": "pass", onclick: pick(pass) }, t.pass) : null,
    aboutPower(st),
  );
}

/**
 * The card chosen (a hand card's muster choices open, or a move staged), if any.
 * @param {TableState} st
 */
function chosenCard(st) {
  if (st.selected !== null) return st.selected;
  const a = st.staged;
  if (a?.type === "recruit") return st.game?.view?.recruits.find((r) => r.slot === a.slot)?.card ?? null;
  if (a?.type === "claim_supporter") return a.supporter;
  return null;
}

/**
 * What the chosen card's power does, on demand: on a touch screen a card that is a choice is
 * chosen when tapped, so its power is explained from here (under its row, as from its corner).
 * @param {TableState} st
 */
function aboutPower(st) {
  const id = chosenCard(st);
  if (id === null || card(id) === undefined) return null;
  const open = st.info === id;
  return h(
    "button",
    {
      type: "button",
      class: "about-power",
      "aria-expanded": open ? "true" : "false",
      "aria-controls": `power-${id}`,
      onclick: () => {
        st.info = open ? null : id;
        st.draw();
        if (!open) document.getElementById(`power-${id}`)?.scrollIntoView({ block: "nearest" });
      },
    },
    t.explain.powerOf(cardName(id)),
  );
}

/**
 * @param {Action} a a muster
 */
function musterText(a) {
  if (a.type !== "muster") return "";
  return !a.face_up ? t.musterFaceDown : a.use_power ? t.musterFaceUpPower : t.musterFaceUp;
}

/**
 * @param {Action} a
 * @param {Action} b
 */
export function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The staged move in words ("Recruit Macdonnell 7 from slot 2?"), with Confirm and Cancel: a
 * muster's in the decision panel, by the muster choices; a recruit's or a claim's under the row
 * of its card (the board places it), so that the finger does not travel to confirm.
 * @param {TableState} st
 * @param {Action} a
 */
export function stagedPanel(st, a) {
  let what = "";
  if (a.type === "recruit") {
    const r = st.game?.view?.recruits.find((x) => x.slot === a.slot);
    const card = r?.card ?? null;
    what = t.recruitFrom(card !== null ? cardName(card) : t.aFaceDownCard, a.slot + 1);
  } else if (a.type === "claim_supporter") {
    what = t.claim(cardName(a.supporter));
  } else if (a.type === "muster") {
    what = `${cardName(a.card)}: ${musterText(a)}`;
  }
  return h(
    "div",
    { class: "staged-move", role: "group", "aria-labelledby": "staged-question", "data-staged": a.type },
    h("p", { id: "staged-question" }, h("strong", {}, t.news.confirmQuestion(what)), " ", h("span", { class: "meta" }, t.news.stagedHint)),
    h("button", { type: "button", class: "primary", id: "confirm-move", "data-confirm-move": "", onclick: () => confirmStaged(st) }, t.news.confirm),
    h(
      "button",
      {
        type: "button",
        id: "cancel-move",
        "data-cancel-move": "",
        onclick: () => {
          st.staged = null;
          st.draw();
        },
      },
      t.cancel,
    ),
  );
}

/**
 * "Resign", then a confirmation step (focus moves to it) that calls `/resign`; a refusal shows
 * its problem like any other.
 * @param {TableState} st
 * @param {View} view
 * @param {number} seat
 */
export function resignControls(st, view, seat) {
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
            st.draw();
            document.getElementById("resign-yes")?.focus();
          },
        },
        t.resign,
      ),
    );
  }
  const othersLeft = view.players.filter((p) => p.seat !== seat && !p.resigned).length;
  return h(
    "section",
    { class: "resign confirm", role: "alertdialog", "aria-labelledby": "resign-question" },
    // RULES §9.3 (service rules): with at most one unresigned seat left the game ends at once;
    // otherwise a bot plays the resigned seat on.
    h("p", { id: "resign-question" }, othersLeft <= 1 ? t.resignQuestionEnds : t.resignQuestion),
    h(
      "button",
      {
        type: "button",
        id: "resign-yes",
        class: "danger",
        onclick: async () => {
          st.confirmResign = false;
          await busyWith(st, () => call("POST", `/v1/games/${st.id}/resign`, { signal: st.abort.signal }));
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
          st.draw();
          document.getElementById("resign")?.focus();
        },
      },
      t.resignNo,
    ),
  );
}
