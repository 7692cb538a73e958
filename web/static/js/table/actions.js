// My moves at the table: submitting a listed action, the decision panel, and resigning.

import { ApiError, call } from "../api.js";
import { cardName } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { afterBusy } from "./live.js";
import { onScreen, refresh } from "./state.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("./state.js").TableState} TableState */

/**
 * Submits one of the listed actions.
 * @param {TableState} st
 * @param {Action} action
 */
export async function act(st, action) {
  if (st.busy) return;
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
                st.draw();
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
