// Challenging a player from their profile (`POST /v1/challenges`): the game's options (players,
// rated, clock, Bruce) with the house's defaults, and a refusal said in words. Also what the
// matchmaking screens share: a game's options in one line, a clock in words, and the words for
// the matchmaking problems. Imports no screen (players.js and matchmaking.js both use it).

import { ApiError, call } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").ChallengeRequest} ChallengeRequest */

/** The clock choices: seconds per decision (`null`: no clock); 3 days is the house's. */
export const CLOCKS = /** @type {const} */ ([
  ["none", null],
  ["hour", 3600],
  ["day", 86400],
  ["days3", 259200],
  ["week", 604800],
]);

/** The built-in bots' profiles: no account to challenge. */
const BUILT_IN_BOTS = ["random", "greedy", "mcts"];

/**
 * A clock in words: "3 days per move", "No clock"; an unusual one in the largest whole unit.
 * @param {number | null} seconds
 */
export function clockText(seconds) {
  if (seconds === null) return t.match.noClock;
  const known = CLOCKS.find(([, s]) => s === seconds);
  if (known) return t.match.perMove(t.clocks[known[0]]);
  const units = /** @type {const} */ ([
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
    ["second", 1],
  ]);
  const [unit, size] = units.find(([, size]) => seconds % size === 0) ?? ["second", 1];
  const lang = document.documentElement.lang || "en";
  return t.match.perMove(new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(seconds / size));
}

/**
 * A game's options in one line: "2 players · rated · 3 days per move · with Bruce".
 * @param {{players: number, rated: boolean, turn_time_limit_s: number | null, include_bruce: boolean, target_score: number}} o
 */
export function optionsText(o) {
  return [
    t.match.players(o.players),
    o.rated ? t.match.ratedShort : t.match.casualShort,
    clockText(o.turn_time_limit_s),
    o.include_bruce ? t.match.withBruce : null,
    o.target_score !== 40 ? t.match.toScore(o.target_score) : null,
  ]
    .filter((x) => x !== null)
    .join(" · ");
}

/**
 * What a person reads for a refused matchmaking request: the words of its code when the client
 * has them (`name`: the player concerned), else the server's own detail (in the page's language).
 * @param {unknown} e
 * @param {string} [name]
 */
export function problemText(e, name = "") {
  if (e instanceof ApiError) {
    const p = t.match.problems;
    switch (e.code) {
      case "challenge_refused":
        return p.challengeRefused(name);
      case "player_not_found":
        return p.playerNotFound(name);
      case "too_many_challenges":
        return p.tooManyChallenges;
      case "too_many_challenges_today":
        return p.tooManyChallengesToday;
      case "too_many_seeks":
        return p.tooManySeeks;
      case "vacation_in_progress":
        return p.onVacation;
      case "seek_not_found":
        return p.seekGone;
      case "challenge_not_found":
      case "challenge_not_open":
        return p.challengeGone;
    }
  }
  return e instanceof Error ? e.message : String(e);
}

/**
 * Shows `e` in `el` (an alert), its code kept in `data-code`.
 * @param {HTMLElement} el
 * @param {unknown} e
 * @param {string} [name]
 */
export function showProblem(el, e, name) {
  el.textContent = problemText(e, name);
  if (e instanceof ApiError) el.dataset["code"] = e.code;
  else delete el.dataset["code"];
}

/**
 * Whether `username` (a profile) can be challenged by `me`: an account, not the caller.
 * @param {string} username
 * @param {string} me
 */
export function challengeable(username, me) {
  return me !== "" && username.toLowerCase() !== me.toLowerCase() && !BUILT_IN_BOTS.includes(username);
}

/**
 * "Challenge <name>": a button that opens the game's options, and sends the challenge.
 * @param {string} username
 */
export function challengeForm(username) {
  const status = h("p", { role: "status", class: "challenge-sent" });
  const problem = h("p", { class: "form-error", role: "alert", id: "challenge-problem" });
  const form = h(
    "form",
    { class: "challenge-form", id: "challenge-form", "aria-label": t.match.challengeWho(username), hidden: true },
    h(
      "div",
      { class: "fields" },
      h(
        "label",
        {},
        `${t.players} `,
        h(
          "select",
          { name: "players" },
          [2, 3, 4, 5].map((n) => h("option", { value: n }, String(n))),
        ),
      ),
      h(
        "label",
        {},
        `${t.clock} `,
        h(
          "select",
          { name: "clock" },
          CLOCKS.map(([key, seconds]) => h("option", { value: seconds ?? "none", selected: key === "days3" }, t.clocks[key])),
        ),
      ),
      h("label", { class: "check" }, h("input", { name: "rated", type: "checkbox", checked: true }), ` ${t.match.rated}`),
      h("label", { class: "check" }, h("input", { name: "include_bruce", type: "checkbox" }), ` ${t.includeBruce}`),
    ),
    h("p", { class: "form-note" }, t.match.extraSeatsNote),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "submit", class: "primary", "aria-describedby": "challenge-problem" }, t.match.send),
      h("button", { type: "button", onclick: () => toggle(false) }, t.match.close),
    ),
    problem,
  );
  const open = h(
    "button",
    { type: "button", class: "primary", id: "challenge-open", "aria-expanded": "false", "aria-controls": "challenge-form", onclick: () => toggle(form.hidden) },
    t.match.challengeWho(username),
  );
  /** @param {boolean} show */
  const toggle = (show) => {
    form.hidden = !show;
    open.setAttribute("aria-expanded", String(show));
    if (show) {
      problem.textContent = "";
      status.replaceChildren();
      /** @type {HTMLElement | null} */ (form.querySelector("select"))?.focus();
    } else open.focus();
  };
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    problem.textContent = "";
    const data = new FormData(/** @type {HTMLFormElement} */ (form));
    const clock = String(data.get("clock") ?? "none");
    /** @type {ChallengeRequest} */
    const body = {
      to: [username],
      players: Number(data.get("players")),
      rated: data.get("rated") !== null,
      include_bruce: data.get("include_bruce") !== null,
      turn_time_limit_s: clock === "none" ? null : Number(clock),
    };
    const send = /** @type {HTMLButtonElement} */ (form.querySelector("button[type=submit]"));
    send.disabled = true;
    try {
      await call("POST", "/v1/challenges", { body });
      form.hidden = true;
      open.setAttribute("aria-expanded", "false");
      replace(status, t.match.sent(username), " ", h("a", { href: "#/challenges" }, t.match.seeChallenges));
    } catch (e) {
      showProblem(problem, e, username);
    } finally {
      send.disabled = false;
    }
  });
  return h("div", { class: "challenge" }, open, form, status);
}
