// One readable line per event, in the page's language (the catalogue's `ev`), from the events
// as the viewer may see them (redacted: a hidden card is `null` and stays unnamed).

import { CLANS, cardName } from "./cards.js";
import { dateTime } from "./format.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */

/**
 * @param {GameEvent} e
 * @param {(seat: number) => string} who
 * @param {(seat: number) => boolean} [isBot] whether the seat is a bot's own
 * @returns {string}
 */
export function describe(e, who, isBot = () => false) {
  const ev = t.ev;
  switch (e.type) {
    case "game_started":
      return ev.gameStarted(e.options.players, e.options.target_score, who(e.initiative));
    case "deck_shuffled":
      return ev.deckShuffled(e.size, e.commitment.slice(0, 12));
    case "hand_dealt":
      return ev.handDealt(who(e.seat), e.count);
    case "skirmish_started":
      return ev.skirmishStarted(e.skirmish, who(e.initiative));
    case "recruit_dealt":
      return ev.recruitDealt(e.face_up && e.card !== null ? cardName(e.card) : null, e.slot + 1);
    case "supporter_dealt":
      return ev.supporterDealt(cardName(e.card));
    case "supporters_discarded":
      return ev.supportersDiscarded;
    case "turn_started":
      return ev.turnStarted(e.turn, who(e.seat));
    case "recruit_revealed":
      return ev.recruitRevealed(e.slot + 1, cardName(e.card));
    case "recruited":
      return ev.recruited(who(e.seat), e.card !== null && e.face_up ? cardName(e.card) : null, e.slot + 1);
    case "mustered":
      return e.face_up && e.card !== null
        ? ev.musteredUp(who(e.seat), cardName(e.card), e.use_power)
        : ev.musteredDown(who(e.seat));
    case "passed":
      return ev.passed(who(e.seat));
    case "power_activated":
      return ev.powerActivated(who(e.seat), CLANS[e.clan].name, e.position + 1);
    case "card_drawn":
      return ev.cardDrawn(who(e.seat));
    case "power_copied":
      return ev.powerCopied(who(e.seat), CLANS[e.clan].name);
    case "decision_requested":
      return ev.decisionRequested(who(e.seat), decisionText(e.decision.kind));
    case "supporter_swapped":
      return ev.supporterSwapped(who(e.seat), cardName(e.given), cardName(e.supporter));
    case "followers_swapped":
      return ev.followersSwapped(
        who(e.seat),
        cardName(e.given),
        who(e.target.seat),
        e.taken !== null ? cardName(e.taken) : null,
      );
    case "follower_discarded":
      return ev.followerDiscarded(who(e.seat), who(e.target.seat), cardName(e.card));
    case "followers_revealed":
      return ev.followersRevealed(e.followers.length);
    case "armies_scored":
      return ev.armiesScored(e.armies.map((a) => ev.army(who(a.seat), a.strength, a.doubled)));
    case "supporter_claimed":
      return ev.supporterClaimed(who(e.seat), cardName(e.card));
    case "skirmish_ended":
      return ev.skirmishEnded(e.skirmish, e.discarded.length);
    case "game_ended":
      return ev.gameEnded(e.winners.map(who), e.scores);
    case "seat_resigned":
      return ev.seatResigned(who(e.seat));
    case "decision_timed_out":
      return ev.timedOut(who(e.seat), e.consecutive);
    case "seat_abandoned":
      return ev.seatAbandoned(who(e.seat));
    case "bot_acted":
      // A bot in its own seat plays, not "for" itself.
      return isBot(e.seat) ? ev.botPlays(who(e.seat)) : ev.botActed(who(e.seat), e.level);
    case "timeouts_cleared":
      return ev.timeoutsCleared(who(e.seat));
    case "seat_away":
      return ev.seatAway(who(e.seat), dateTime(new Date(e.until_ms).toISOString()));
    case "seat_back":
      return ev.seatBack(who(e.seat));
    default:
      return unknown(e);
  }
}

/**
 * @param {never} e
 * @returns {string}
 */
function unknown(e) {
  return t.ev.unknown(String(/** @type {{type?: unknown}} */ (e).type));
}

/**
 * @param {import("./types.js").Decision["kind"]} kind
 * @returns {string}
 */
export function decisionText(kind) {
  return t.decisions[kind];
}

/**
 * One decision and everything it caused: a player's (or a bot's) action and its consequences,
 * or the deal that started the game.
 * @typedef {object} Move
 * @property {EventDto[]} events in order
 * @property {GameEvent | null} action the decision itself (`null` for the deal)
 * @property {import("./types.js").BotLevel | null} bot the bot that decided, if one did
 */

/** @typedef {import("./types.js").EventDto} EventDto */

/** The events after which the game waits for someone: the next event starts a new decision. */
const WAITS = new Set(["turn_started", "recruit_revealed", "decision_requested"]);
/** The events that are a decision, the first of a move. */
const DECISIONS = new Set([
  "recruited",
  "mustered",
  "passed",
  "followers_swapped",
  "supporter_swapped",
  "follower_discarded",
  "power_copied",
  "supporter_claimed",
  "seat_resigned",
]);

/**
 * Groups the events by decision: a move starts where the game had stopped to wait (after a
 * turn began or a decision was requested), at a resignation, or where a bot acts on its own.
 * @param {EventDto[]} events
 * @returns {Move[]}
 */
export function moves(events) {
  /** @type {Move[]} */
  const out = [];
  /** @type {Move | null} */
  let cur = null;
  for (const e of events) {
    const prev = cur?.events[cur.events.length - 1]?.event.type;
    const type = e.event.type;
    const fresh =
      cur === null ||
      type === "game_started" ||
      type === "seat_resigned" ||
      (type === "bot_acted" && prev !== "decision_timed_out" && prev !== "timeouts_cleared") ||
      (prev !== undefined && WAITS.has(prev) && type !== "recruit_revealed");
    if (fresh || cur === null) {
      cur = { events: [], action: null, bot: null };
      out.push(cur);
    }
    cur.events.push(e);
    if (cur.action === null && DECISIONS.has(type)) cur.action = e.event;
    if (e.event.type === "bot_acted") cur.bot = e.event.level;
  }
  return out;
}

/**
 * A move in one line: who did what to which cards ("Morag took your Cochrane 12 with Fergusson 7").
 * @param {Move} m
 * @param {(seat: number) => string} who
 * @param {number | null} viewer the seat of the page's player (`null` for a spectator)
 * @param {(seat: number) => boolean} isBot whether the seat is a bot's own
 * @returns {string}
 */
export function summary(m, who, viewer, isBot) {
  const x = t.explain;
  const a = m.action;
  /** @param {number} seat */
  const owner = (seat) => (seat === viewer ? null : who(seat));
  let text;
  if (a === null) {
    const first = m.events[0];
    return first ? describe(first.event, who, isBot) : "";
  }
  switch (a.type) {
    case "recruited":
      text = x.recruited(who(a.seat), a.card !== null && a.face_up ? cardName(a.card) : null);
      break;
    case "mustered":
      text = x.mustered(who(a.seat), a.face_up && a.card !== null ? cardName(a.card) : null, a.use_power);
      break;
    case "passed":
      text = x.passed(who(a.seat));
      break;
    case "followers_swapped":
      text = x.took(who(a.seat), owner(a.target.seat), a.taken !== null ? cardName(a.taken) : null, cardName(a.given));
      break;
    case "supporter_swapped":
      text = x.swappedSupporter(who(a.seat), cardName(a.given), cardName(a.supporter));
      break;
    case "follower_discarded":
      text = x.discarded(who(a.seat), owner(a.target.seat), cardName(a.card));
      break;
    case "power_copied":
      text = x.copied(who(a.seat), CLANS[a.clan].name);
      break;
    case "supporter_claimed":
      text = x.claimed(who(a.seat), cardName(a.card));
      break;
    case "seat_resigned":
      text = x.resigned(who(a.seat));
      break;
    default:
      text = describe(a, who, isBot);
  }
  const seat = "seat" in a ? a.seat : null;
  return m.bot !== null && (seat === null || !isBot(seat)) ? x.byBot(text, t.botLevels[m.bot]) : text;
}

/**
 * The cards a move touched, to mark on the table: by id where the viewer may see them, and by
 * place in an army (`position` -1: the last) for face-down ones. Places mean nothing once the
 * skirmish is over.
 * @param {Move} m
 * @returns {{cards: Set<number>, places: {seat: number, position: number}[]}}
 */
export function touched(m) {
  const cards = new Set(/** @type {number[]} */ ([]));
  /** @type {{seat: number, position: number}[]} */
  let places = [];
  /** @param {number | null} c */
  const add = (c) => {
    if (c !== null) cards.add(c);
  };
  for (const { event: e } of m.events) {
    switch (e.type) {
      case "recruited":
      case "card_drawn":
      case "follower_discarded":
      case "supporter_claimed":
        add(e.card);
        break;
      case "mustered":
        add(e.card);
        if (e.card === null) places.push({ seat: e.seat, position: -1 });
        break;
      case "followers_swapped":
        add(e.given);
        add(e.taken);
        places.push({ seat: e.seat, position: e.position }, { seat: e.target.seat, position: e.target.position });
        break;
      case "supporter_swapped":
        add(e.given);
        add(e.supporter);
        break;
      case "power_copied":
        places.push({ seat: e.seat, position: e.position });
        break;
      case "skirmish_ended":
        places = [];
        break;
      default:
        break;
    }
  }
  return { cards, places };
}
