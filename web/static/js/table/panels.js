// The panels around the board: the status line, the deadline, the ranking, the last skirmish and the log.

import { cardName } from "../cards.js";
import { h } from "../dom.js";
import { dateTime, relative, until } from "../format.js";
import { t } from "../i18n.js";
import { decisionText, describe, summary } from "../log.js";
import { linkedSentence } from "../players.js";
import { lastSkirmishOf } from "./state.js";

/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("../log.js").Move} Move */
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
  // Focusable from script (not by Tab): the focus lands here after a move when nothing is mine to decide.
  return h("p", { id: "status", role: "status", tabindex: -1, class: myTurn ? "status mine" : "status" }, text);
}

/** @param {string} s */
const nb = (s) => s.replaceAll(" ", "\u00a0");

/**
 * The end of the last scored skirmish: each army's place and strength, why a tie went the way it
 * did (RULES §6.3: the army holding the highest-ranked card first), and the claims made. From
 * the view's `last_skirmish`; an older server's `last_scores` and the events otherwise.
 * @param {TableState} st
 * @param {GameDto} shown
 * @param {View} view
 * @param {(seat: number) => string} who
 */
export function lastSkirmish(st, shown, view, who) {
  const x = t.explain;
  const last = lastSkirmishOf(view);
  if (last === null && view.last_scores.length === 0) return null;
  /** @type {{seat: number, strength: number, doubled: boolean, tie: {card: number, over_card: number} | null}[]} */
  let places;
  /** @type {{seat: number, card: number}[]} */
  let claims;
  if (last !== null) {
    places = [...last.placement]
      .sort((a, b) => a.place - b.place)
      .map((p) => ({ seat: p.seat, strength: p.strength, doubled: p.doubled, tie: p.tie_broken_by ?? null }));
    claims = last.claims;
  } else {
    places = view.placement.map((seat) => {
      const a = view.last_scores.find((s) => s.seat === seat);
      return { seat, strength: a?.strength ?? 0, doubled: a?.doubled ?? false, tie: null };
    });
    const upto = st.events.filter((e) => e.seq <= shown.version);
    const scored = upto.map((e) => e.event.type).lastIndexOf("armies_scored");
    claims = scored < 0 ? [] : upto.slice(scored).flatMap((e) => (e.event.type === "supporter_claimed" ? [e.event] : []));
  }
  return h(
    "section",
    { class: "summary last-skirmish", "aria-labelledby": "last-skirmish-title" },
    h("h2", { id: "last-skirmish-title" }, last !== null ? x.skirmishTitle(last.skirmish) : t.lastSkirmish),
    h(
      "ol",
      { class: "placing" },
      places.map((p, i) => {
        const below = places[i + 1];
        return h(
          "li",
          { "data-seat": p.seat },
          x.placeLine(i + 1, who(p.seat), p.strength, p.doubled),
          p.tie !== null
            ? h(
                "span",
                { class: "tie", "data-tie": "" },
                // A card's name never breaks between its clan and its strength.
                x.tie(p.strength, below?.strength ?? p.strength, nb(cardName(p.tie.card)), nb(cardName(p.tie.over_card))),
              )
            : null,
        );
      }),
    ),
    h("h3", {}, x.claims),
    claims.length > 0
      ? h("ul", { class: "claims" }, claims.map((c) => h("li", {}, x.claimed(who(c.seat), cardName(c.card)))))
      : h("p", { class: "empty" }, x.noClaims),
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
 * The final ranking, once the game is over: resigned seats last; each name links to its profile.
 * @param {View} view
 * @param {(seat: number) => string} who
 * @param {(seat: number) => string | null} profile the seat's profile (username or bot level)
 */
export function ranking(view, who, profile) {
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
        const line = (/** @type {string} */ name) => t.rankLine(i + 1, name, p?.score ?? 0, p?.resigned ?? false);
        const username = profile(seat);
        return h("li", { "data-seat": seat }, username === null ? line(who(seat)) : linkedSentence(line, username, who(seat)));
      }),
    ),
  );
}

/**
 * The log in words, up to the version on screen: one line per decision, newest first, its
 * events (what it caused) folded under it.
 * @param {Move[]} list every move up to the version on screen
 * @param {(seat: number) => string} who
 * @param {number | null} viewer
 * @param {(seat: number) => boolean} isBot
 */
export function logSection(list, who, viewer, isBot) {
  const recent = list.slice(-40).reverse();
  return h(
    "section",
    { class: "log", "aria-label": t.gameLog },
    h("h2", {}, t.log),
    list.length === 0 ? h("p", { class: "empty" }, t.noEvents) : null,
    list.length === 0
      ? null
      : h(
          "ol",
          { class: "log-lines", tabindex: 0, "aria-label": t.eventsNewestFirst, reversed: true, start: list.length },
          recent.map((m) => {
            const line = summary(m, who, viewer, isBot);
            const first = m.events[0]?.seq ?? 0;
            if (m.events.length <= 1) return h("li", { "data-seq": first }, line);
            return h(
              "li",
              { "data-seq": first },
              h(
                "details",
                {},
                h("summary", {}, line, h("span", { class: "sr" }, ` (${t.explain.moreEvents(m.events.length)})`)),
                h("ul", { class: "log-events" }, m.events.map((e) => h("li", { value: e.seq }, describe(e.event, who, isBot)))),
              ),
            );
          }),
        ),
  );
}
