// The first-game guide ("Learn by playing"): on a guide game's table, one hint at a time about
// what is on screen — the choices of a turn, face-up or face-down, why a card may use its power
// (the game's power rule in words), a power's choice, claiming a Supporter, and what the
// skirmish's end will count. Loaded with `import()` only when a guide game's table is drawn
// (hints.js), which hands it the way to save the account's hints, so that the two do not import
// each other; its texts are in i18n/guide-<lang>.js. Rules are not re-implemented: whether a
// card may use its power is what `legal-actions` lists; the guide only says the rule in words.

import { cardName } from "./cards.js";
import { h } from "./dom.js";
import { lang } from "./i18n.js";

/** @typedef {import("./types.js").Hints} Hints */
/** @typedef {import("./types.js").GameDto} GameDto */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./i18n/guide-en.js").GuideMessages} GuideMessages */
/** @typedef {import("./table/state.js").TableState} TableState */
/** @typedef {{id: string, text: string}} Hint */

/** @type {{lang: string, texts: GuideMessages} | null} */
let loaded = null;

async function texts() {
  if (loaded === null || loaded.lang !== lang) {
    const texts = lang === "fr" ? (await import("./i18n/guide-fr.js")).default : (await import("./i18n/guide-en.js")).default;
    loaded = { lang, texts };
  }
  return loaded.texts;
}

/**
 * Shows the hint for what `st` has on screen, unless dismissed: a card just above my hand, in
 * the page's flow (never over the controls), with "Got it" and "Don't show hints".
 * @param {TableState} st
 * @param {Hints} doc
 * @param {(doc: Hints) => Promise<Hints>} saveHints saves the whole document (hints.js)
 */
export async function hint(st, doc, saveHints) {
  const g = st.game;
  const table = st.main.querySelector(".table");
  if (g === null || table === null || st.shown !== null) return;
  const g2 = await texts();
  const shown = pick(st, g, g2).find((x) => !doc.dismissed.includes(x.id));
  // The table keeps a place for the hint just above my hand (on a phone, the hint and what it
  // speaks of are one screen), which its redrawing leaves alone.
  const place = table.querySelector('[data-slot="guide"]');
  if (shown === undefined || place === null) {
    place?.replaceChildren();
    return;
  }
  if (place.querySelector(`.guide-hint[data-hint="${shown.id}"]`) !== null) return;
  const card = h(
    "aside",
    { class: "guide-hint", "aria-labelledby": "guide-hint-title", "data-hint": shown.id },
    h("h2", { id: "guide-hint-title" }, g2.title),
    h("p", {}, shown.text),
    h(
      "div",
      { class: "guide-buttons" },
      h(
        "button",
        {
          type: "button",
          class: "primary",
          onclick: async () => {
            card.remove();
            await saveHints({ ...doc, dismissed: [...doc.dismissed, shown.id].slice(-200) }).catch(() => {});
            st.draw();
          },
        },
        g2.dismiss,
      ),
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            card.remove();
            await saveHints({ ...doc, off: true }).catch(() => {});
          },
        },
        g2.allOff,
      ),
    ),
  );
  place.replaceChildren(card);
}

/**
 * The hints for what is on screen, most relevant first.
 * @param {TableState} st
 * @param {GameDto} g
 * @param {GuideMessages} g2
 * @returns {Hint[]}
 */
function pick(st, g, g2) {
  const view = g.view;
  if (view === null) return [];
  if (view.status === "finished") return [{ id: "finished", text: g2.finished }];
  /** @type {Hint[]} */
  const out = [];
  const mine = view.awaiting !== null && view.awaiting.seat === g.your_seat;
  const kind = mine ? view.awaiting?.decision.kind : undefined;
  if (kind !== undefined && kind !== "turn") {
    out.push({ id: `decision.${kind}`, text: g2.decisions[kind] });
  }
  if (kind === "turn" || kind === "makgill_muster") {
    const selected = st.selected;
    if (selected !== null) {
      const musters = st.legal.filter((a) => a.type === "muster" && a.card === selected);
      const rule = g2.rules[powerRule(view)];
      const powered = musters.some((a) => a.type === "muster" && a.use_power === true);
      out.push({ id: "facing", text: g2.facing });
      out.push({
        id: `power.${powered ? "eligible" : "not_eligible"}.${powerRule(view)}`,
        text: powered ? g2.eligible(cardName(selected), rule) : g2.notEligible(cardName(selected), rule),
      });
    }
    if (kind === "turn") out.push({ id: "turn", text: g2.turn });
  }
  out.push({ id: "skirmish", text: [g2.skirmish, armies(g, view, g2)].filter((x) => x !== "").join(" ") });
  return out;
}

/**
 * The game's power rule: the option, else the default for the player count (RULES §2).
 * @param {View} view
 * @returns {"lowest_strength" | "lowest_in_clan"}
 */
function powerRule(view) {
  const chosen = view.options?.power_rule;
  if (chosen === "lowest_strength" || chosen === "lowest_in_clan") return chosen;
  return view.players.length <= 3 ? "lowest_strength" : "lowest_in_clan";
}

/**
 * The armies' strengths so far (`players[].army_strength`, when the server gives them) and what
 * the last skirmish counted (`last_skirmish`, else `last_scores`), in words.
 * @param {GameDto} g
 * @param {View} view
 * @param {GuideMessages} g2
 */
function armies(g, view, g2) {
  /** @param {number} seat */
  const who = (seat) => g.game.seats.find((s) => s.seat === seat)?.username ?? String(seat + 1);
  const parts = [];
  const now = view.players.flatMap((p) => {
    const strength = /** @type {{army_strength?: {known?: unknown, hidden_cards?: unknown} | null}} */ (
      /** @type {unknown} */ (p)
    ).army_strength;
    if (!strength || typeof strength.known !== "number") return [];
    const hidden = typeof strength.hidden_cards === "number" ? strength.hidden_cards : 0;
    return [g2.armyNow(who(p.seat), strength.known, hidden)];
  });
  if (now.length > 0) parts.push(g2.now(now));
  const last = /** @type {{last_skirmish?: {armies?: unknown} | null}} */ (/** @type {unknown} */ (view)).last_skirmish;
  const scored = Array.isArray(last?.armies) ? last.armies : view.last_scores;
  const counted = (Array.isArray(scored) ? scored : []).flatMap((a) => {
    const s = /** @type {{seat?: unknown, strength?: unknown, doubled?: unknown}} */ (a);
    return typeof s.seat === "number" && typeof s.strength === "number"
      ? [g2.armyCounted(who(s.seat), s.strength, s.doubled === true)]
      : [];
  });
  if (counted.length > 0) parts.push(g2.lastSkirmish(counted));
  return parts.join(" ");
}
