// One readable line per event, in the page's language (the catalogue's `ev`), from the events
// as the viewer may see them (redacted: a hidden card is `null` and stays unnamed).

import { CLANS, cardName } from "./cards.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */

/**
 * @param {GameEvent} e
 * @param {(seat: number) => string} who
 * @returns {string}
 */
export function describe(e, who) {
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
      return ev.botActed(who(e.seat), e.level);
    case "timeouts_cleared":
      return ev.timeoutsCleared(who(e.seat));
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
