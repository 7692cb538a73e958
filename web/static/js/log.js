// One readable line per event, from the events as the viewer may see them (redacted: a hidden
// card is `null` and stays unnamed).

import { CLANS, cardName } from "./cards.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */

/**
 * @param {GameEvent} e
 * @param {(seat: number) => string} who
 * @returns {string}
 */
export function describe(e, who) {
  switch (e.type) {
    case "game_started":
      return `The game started: ${e.options.players} players, first to ${e.options.target_score}; ${who(e.initiative)} holds the initiative.`;
    case "deck_shuffled":
      return `A deck of ${e.size} cards was shuffled (commitment ${e.commitment.slice(0, 12)}…).`;
    case "hand_dealt":
      return `${who(e.seat)} was dealt ${e.count} cards.`;
    case "skirmish_started":
      return `Skirmish ${e.skirmish} began; ${who(e.initiative)} holds the initiative.`;
    case "recruit_dealt":
      return `A recruit was dealt ${e.face_up && e.card !== null ? `face-up: ${cardName(e.card)}` : "face-down"} in slot ${e.slot + 1}.`;
    case "supporter_dealt":
      return `${cardName(e.card)} joined the Supporter row.`;
    case "supporters_discarded":
      return `The Supporter row all had one strength and was discarded.`;
    case "turn_started":
      return `Turn ${e.turn}: ${who(e.seat)} to act.`;
    case "recruit_revealed":
      return `The recruit in slot ${e.slot + 1} was turned up: ${cardName(e.card)}.`;
    case "recruited":
      return `${who(e.seat)} recruited ${e.card !== null && e.face_up ? cardName(e.card) : "a face-down card"} from slot ${e.slot + 1}.`;
    case "mustered":
      return e.face_up && e.card !== null
        ? `${who(e.seat)} mustered ${cardName(e.card)} face-up${e.use_power ? " and used its power" : ""}.`
        : `${who(e.seat)} mustered a face-down card.`;
    case "passed":
      return `${who(e.seat)} passed.`;
    case "power_activated":
      return `${who(e.seat)}'s ${CLANS[e.clan].name} power is active (follower ${e.position + 1}).`;
    case "card_drawn":
      return `${who(e.seat)} drew a card.`;
    case "power_copied":
      return `${who(e.seat)}'s Scott copied the ${CLANS[e.clan].name} power.`;
    case "decision_requested":
      return `${who(e.seat)} must decide: ${decisionText(e.decision.kind)}.`;
    case "supporter_swapped":
      return `${who(e.seat)} swapped ${cardName(e.given)} for the Supporter ${cardName(e.supporter)}.`;
    case "followers_swapped":
      return `${who(e.seat)} gave ${cardName(e.given)} to ${who(e.target.seat)} for ${e.taken !== null ? cardName(e.taken) : "a face-down follower"}.`;
    case "follower_discarded":
      return `${who(e.seat)} discarded ${who(e.target.seat)}'s ${cardName(e.card)}.`;
    case "followers_revealed":
      return `Every face-down follower was revealed (${e.followers.length}).`;
    case "armies_scored":
      return `Armies: ${e.armies.map((a) => `${who(a.seat)} ${a.strength}${a.doubled ? " (doubled)" : ""}`).join(", ")}.`;
    case "supporter_claimed":
      return `${who(e.seat)} claimed ${cardName(e.card)}.`;
    case "skirmish_ended":
      return `Skirmish ${e.skirmish} ended; ${e.discarded.length} cards were discarded.`;
    case "game_ended":
      return `The game is over: ${e.winners.map(who).join(" and ")} won (${e.scores.join(" – ")}).`;
    default:
      return unknown(e);
  }
}

/**
 * @param {never} e
 * @returns {string}
 */
function unknown(e) {
  return `Something happened (${String(/** @type {{type?: unknown}} */ (e).type)}).`;
}

/**
 * @param {import("./types.js").Decision["kind"]} kind
 * @returns {string}
 */
export function decisionText(kind) {
  switch (kind) {
    case "turn":
      return "recruit, muster or pass";
    case "makgill_muster":
      return "muster another follower (Makgill)";
    case "cockburn_swap":
      return "swap a follower with a Supporter (Cockburn)";
    case "fergusson_swap":
      return "swap a follower with an opponent's (Fergusson)";
    case "wemyss_discard":
      return "discard a follower (Wemyss)";
    case "scott_copy":
      return "choose a power to copy (Scott)";
    case "claim_supporter":
      return "claim a Supporter";
  }
}
