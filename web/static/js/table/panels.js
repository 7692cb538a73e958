// The panels around the board: the status line, the deadline, the ranking, the last skirmish and the log.

import { cardName } from "../cards.js";
import { h } from "../dom.js";
import { dateTime, relative, until } from "../format.js";
import { t } from "../i18n.js";
import { decisionText, describe } from "../log.js";

/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("./state.js").TableState} TableState */

/** Refreshes the deadline's words on screen (`#deadline`), if any. */
export function countdown() {
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

/**
 * Where the game stands and whose decision is awaited, or who is still to come.
 * @param {TableState} st
 * @param {GameDto} g
 * @param {GameDto} shown
 * @param {(seat: number) => string} who
 * @param {boolean} myTurn
 */
export function statusLine(st, g, shown, who, myTurn) {
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
 * The end of the last scored skirmish: strengths, doubling, placement and the claims made.
 * @param {TableState} st
 * @param {GameDto} shown
 * @param {View} view
 * @param {(seat: number) => string} who
 */
export function lastSkirmish(st, shown, view, who) {
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
 * The awaited decision's deadline, counting down (see {@link countdown}), or "no clock".
 * @param {GameDto} g
 * @param {View} view
 */
export function clockLine(g, view) {
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
export function ranking(view, who) {
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
 * The log in words, up to the version on screen.
 * @param {TableState} st
 * @param {GameDto} shown
 * @param {(seat: number) => string} who
 */
export function logSection(st, shown, who) {
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
