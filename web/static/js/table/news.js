// What the top of the table tells before the board: every move since my last decision (the
// "last move" line for more than one move), the end of a skirmish until my next decision, who
// is away on vacation, and how many timeouts are left before a seat is abandoned.

import { card, cardName } from "../cards.js";
import { h } from "../dom.js";
import { dateTime } from "../format.js";
import { t } from "../i18n.js";
import { summary, touched } from "../log.js";
import { lastSkirmishOf } from "./state.js";

/** @typedef {import("../log.js").Move} Move */
/** @typedef {import("../types.js").EventDto} EventDto */
/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("../types.js").View} View */

/** The most moves listed since my last decision; older ones are counted, not listed. */
const MOST = 12;

/**
 * Whether the page's player decided `m` themselves (not a bot for them on a timeout).
 * @param {Move} m
 * @param {number | null} viewer
 */
function mine(m, viewer) {
  const a = m.action;
  return viewer !== null && a !== null && "seat" in a && a.seat === viewer && m.bot === null;
}

/**
 * The moves since my previous decision, oldest first: empty when the last move is mine, or for
 * a spectator (who has none).
 * @param {Move[]} list every move up to the version on screen
 * @param {number | null} viewer
 */
export function sinceMyLastDecision(list, viewer) {
  if (viewer === null) return [];
  let i = list.length;
  while (i > 0 && !mine(/** @type {Move} */ (list[i - 1]), viewer)) i -= 1;
  return list.slice(i).filter((m) => m.action !== null || i === 0);
}

/**
 * Whether anyone but me (a bot for me included) decided after `version`: my turn that follows
 * came back to me, rather than going on from a move of mine.
 * @param {Move[]} list
 * @param {number | null} viewer
 * @param {number} version
 */
export function othersMovedSince(list, viewer, version) {
  return list.some((m) => (m.events[0]?.seq ?? 0) > version && m.action !== null && !mine(m, viewer));
}

/**
 * A card named in a frame of its clan's colour.
 * @param {number} id
 */
function framed(id) {
  return h("span", { class: `chip clan-${card(id)?.clan ?? "bruce"}`, "data-card": id }, cardName(id));
}

/**
 * One move in words, each card it names framed in its clan's colour.
 * @param {Move} m
 * @param {(seat: number) => string} who
 * @param {number | null} viewer
 * @param {(seat: number) => boolean} isBot
 * @returns {(string | HTMLElement)[]}
 */
function moveLine(m, who, viewer, isBot) {
  /** @type {(string | HTMLElement)[]} */
  let parts = [summary(m, who, viewer, isBot)];
  for (const id of touched(m).cards) {
    const name = cardName(id);
    parts = parts.flatMap((part) => {
      if (typeof part !== "string" || !part.includes(name)) return [part];
      // A name is framed where it stands alone ("Scott 3", not the start of "Scott 31").
      const pieces = part.split(new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\d)`));
      return pieces.flatMap((piece, i) => (i === 0 ? [piece] : [framed(id), piece]));
    });
  }
  return parts;
}

/**
 * "Since your last turn": when a decision awaits me, every move since my previous one (all
 * players'), newest last; the newest carries `id="last-move"`, which the cards it touched point
 * to. Otherwise (or with nothing since), the last move in one line.
 * @param {Move[]} list every move up to the version on screen
 * @param {boolean} myTurn
 * @param {(seat: number) => string} who
 * @param {number | null} viewer
 * @param {(seat: number) => boolean} isBot
 */
export function movesSince(list, myTurn, who, viewer, isBot) {
  const since = myTurn ? sinceMyLastDecision(list, viewer) : [];
  if (since.length === 0) {
    const last = [...list].reverse().find((m) => m.action !== null) ?? null;
    if (last === null) return null;
    return h(
      "p",
      { id: "last-move", class: "last-move" },
      h("strong", {}, t.explain.lastMoveLabel),
      " ",
      moveLine(last, who, viewer, isBot),
    );
  }
  const shown = since.slice(-MOST);
  const left = since.length - shown.length;
  return h(
    "section",
    { class: "since", "aria-labelledby": "since-title", "data-moves": since.length },
    h("h2", { id: "since-title" }, t.news.sinceTitle),
    left > 0 ? h("p", { class: "meta" }, t.news.earlier(left)) : null,
    h(
      "ol",
      {},
      shown.map((m, i) =>
        h(
          "li",
          { id: i === shown.length - 1 ? "last-move" : null, "data-seq": m.events[0]?.seq ?? 0 },
          moveLine(m, who, viewer, isBot),
        ),
      ),
    ),
  );
}

/**
 * The seq of the last scoring of a skirmish in `events`, or 0.
 * @param {EventDto[]} events
 */
function lastScoring(events) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = /** @type {EventDto} */ (events[i]);
    if (e.event.type === "armies_scored") return e.seq;
  }
  return 0;
}

/**
 * The end of the last skirmish, at the top, until my next decision after it (for a spectator,
 * until the next move): each army's place and strength and why a tie went the way it did
 * (RULES §6.3); the details stay below the board.
 * @param {View} view
 * @param {EventDto[]} events up to the version on screen
 * @param {Move[]} list the moves of those events
 * @param {(seat: number) => string} who
 * @param {number | null} viewer
 */
export function skirmishBanner(view, events, list, who, viewer) {
  const last = lastSkirmishOf(view);
  const scored = lastScoring(events);
  if (last === null || scored === 0 || view.status === "finished") return null;
  const after = list.filter((m) => (m.events[0]?.seq ?? 0) > scored && m.action !== null);
  const seen = viewer === null ? after.length > 0 : after.some((m) => mine(m, viewer));
  if (seen) return null;
  const x = t.explain;
  const places = [...last.placement].sort((a, b) => a.place - b.place);
  return h(
    "section",
    { class: "banner skirmish-banner", role: "status", "aria-labelledby": "banner-title", "data-skirmish": last.skirmish },
    h("h2", { id: "banner-title" }, t.news.skirmishOver(last.skirmish)),
    places.length === 0 ? h("p", {}, x.noArmyAtEnd) : null,
    h(
      "ol",
      { class: "placing" },
      places.map((p, i) => {
        const below = places[i + 1];
        const tie = p.tie_broken_by ?? null;
        return h(
          "li",
          { "data-seat": p.seat },
          x.placeLine(i + 1, who(p.seat), p.strength, p.doubled),
          tie !== null
            ? h("span", { class: "tie", "data-tie": "" }, " ", x.tie(p.strength, below?.strength ?? p.strength, cardName(tie.card), cardName(tie.over_card)))
            : null,
        );
      }),
    ),
    last.claims.length > 0
      ? h("p", { class: "claims-line" }, last.claims.map((c) => x.claimed(who(c.seat), cardName(c.card))).join(" "))
      : null,
    h("a", { href: "#last-skirmish-title", class: "more" }, t.news.skirmishDetails),
  );
}

/**
 * Who is away: a seat on vacation has its clock paused until its return (service rules §9.6).
 * @param {View} view
 * @param {(seat: number) => string} who
 */
export function awayLine(view, who) {
  if (view.status !== "active") return null;
  const now = Date.now();
  const away = view.players.filter((p) => p.vacation_until != null && Date.parse(p.vacation_until) > now);
  if (away.length === 0) return null;
  return h(
    "ul",
    { class: "away" },
    away.map((p) => h("li", { "data-away": p.seat }, t.news.away(who(p.seat), dateTime(/** @type {string} */ (p.vacation_until))))),
  );
}

/**
 * My timeouts in a row, and a warning before the last one allowed: one more and my seat is
 * abandoned, played by a bot to the end (service rules §9.4).
 * @param {GameDto} g
 * @param {View} view
 */
export function timeoutWarning(g, view) {
  const me = view.players.find((p) => p.seat === g.your_seat);
  // Absent in games made before clocks existed, which means 3.
  const most = g.game.options.max_timeouts ?? 3;
  if (me === undefined || me.timeouts === 0 || me.resigned || view.status !== "active") return null;
  const last = me.timeouts >= most - 1;
  return h(
    "p",
    { class: last ? "timeouts warning" : "timeouts", role: last ? "alert" : null, "data-timeouts": me.timeouts },
    t.news.timeoutsUsed(me.timeouts, most),
    last ? ` ${t.news.lastTimeout}` : null,
  );
}
