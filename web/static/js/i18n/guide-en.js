// The first-game guide's texts in English (loaded only by guide.js, on a guide game's table).
// guide-fr.js has the same keys (tsc checks it against `GuideMessages`).

import { list, num } from "../format.js";

const guide = {
  title: "Hint",
  dismiss: "Got it",
  allOff: "Don't show hints",
  turn:
    "Each turn you do one thing. Recruit: take a card of the recruit row into your hand. Muster: put a card of your hand at the end of your army (pick a card of your hand to see how). Pass: only when you can do neither.",
  facing:
    "Face-up, everyone sees the card, and if it is eligible it can use its power now. Face-down, it stays hidden from the others until the skirmish ends and never uses its power, but it still counts for your army's strength.",
  /**
   * @param {string} card
   * @param {string} rule
   */
  eligible: (card, rule) => `${card} may use its power now: ${rule}.`,
  /**
   * @param {string} card
   * @param {string} rule
   */
  notEligible: (card, rule) =>
    `${card} may not use its power now (it can still be mustered face-up, without its power). A card may use its power when ${rule}, and only when its power has something to act on.`,
  rules: {
    lowest_strength:
      "this game's power rule is \"lowest strength\": no other face-up follower in play, in any army, is weaker than it (an equal one does not stop it)",
    lowest_in_clan:
      "this game's power rule is \"lowest in clan\": no other face-up follower of its own clan in play is as weak or weaker",
  },
  decisions: {
    makgill_muster: "Your Makgill's power: muster one more card of your hand now, face-up or face-down. Its own power is checked again.",
    scott_copy: "Your Scott's power: pick another face-up follower (not a Scott); your Scott uses that clan's power as if it were one.",
    fergusson_swap: "Your Fergusson's power: pick a follower of another army. The Fergusson goes there and that follower comes into your army.",
    wemyss_discard: "Your Wemyss's power: pick any other follower, in any army (yours too), to discard. Everyone sees it.",
    cockburn_swap: "Your Cockburn's power: pick a Supporter of the row. The Cockburn takes its place in the row and the Supporter joins your army.",
    claim_supporter: "The skirmish is over and your army placed: claim one Supporter of the row. Its strength is added to your score; the first to the target score wins. Everyone keeps their hand for the next skirmish.",
  },
  skirmish:
    "After the fifth turn the skirmish ends: every face-down follower is turned over, each army's strength is the sum of its cards, doubled when it has two or more cards all of one clan. The strongest army claims a Supporter first; on equal strength, the army with the highest-ranked card comes first. Mind your hand: it carries over to the next skirmish. No new hand is dealt, so the cards you keep back now are the ones you start the next skirmish with.",
  /**
   * @param {string[]} armies
   */
  now: (armies) => `Now: ${list(armies)}.`,
  /**
   * @param {string} who
   * @param {number} known
   * @param {number} hidden
   */
  armyNow: (who, known, hidden) =>
    `${who} ${num(known)}${hidden > 0 ? ` and ${num(hidden)} face-down card${hidden === 1 ? "" : "s"}` : ""}`,
  /** @param {string[]} armies */
  lastSkirmish: (armies) => `The last skirmish counted: ${list(armies)}.`,
  /**
   * @param {string} who
   * @param {number} strength
   * @param {boolean} doubled
   */
  armyCounted: (who, strength, doubled) => `${who} ${num(strength)}${doubled ? ` (${num(strength / 2)}\u00a0×\u00a02)` : ""}`,
  finished:
    "The game is over. The ranking says who claimed the most Supporter strength. \"Rematch\" plays again against the same bot; the lobby's \"Learn by playing\" starts a new guided game.",
};

/** @typedef {typeof guide} GuideMessages */
export default guide;
