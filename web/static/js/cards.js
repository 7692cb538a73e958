// Cards drawn as cards: clan colour AND a badge of letters (colour is never the only carrier),
// strength, rank and power name (in the page's language). The edition table comes from `GET /v1/cards` once.

import { call } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").CardDto} CardDto */
/** @typedef {import("./types.js").CardsResponse} CardsResponse */
/** @typedef {import("./types.js").Clan} Clan */

/** @type {Record<Clan, {name: string, badge: string}>} */
export const CLANS = {
  forsyth: { name: "Forsyth", badge: "Fo" },
  makgill: { name: "Makgill", badge: "Mk" },
  macdonnell: { name: "Macdonnell", badge: "Md" },
  cochrane: { name: "Cochrane", badge: "Co" },
  cockburn: { name: "Cockburn", badge: "Cb" },
  fergusson: { name: "Fergusson", badge: "Fe" },
  scott: { name: "Scott", badge: "Sc" },
  wemyss: { name: "Wemyss", badge: "We" },
  bruce: { name: "Bruce", badge: "Br" },
};

/**
 * Clan names with their syllables marked (soft hyphens): on a narrow card a long name breaks
 * as "Mac-donnell", whole and legible, never cut short.
 * @type {Record<Clan, string>}
 */
const SYLLABLES = {
  forsyth: "For\u00adsyth",
  makgill: "Mak\u00adgill",
  macdonnell: "Mac\u00addon\u00adnell",
  cochrane: "Coch\u00adrane",
  cockburn: "Cock\u00adburn",
  fergusson: "Fer\u00adgus\u00adson",
  scott: "Scott",
  wemyss: "Wemyss",
  bruce: "Bruce",
};

/** @type {Map<number, CardDto>} */
const byId = new Map();

/** Loads the edition table (once). */
export async function loadCards() {
  if (byId.size > 0) return;
  const res = /** @type {CardsResponse} */ (await call("GET", "/v1/cards", { auth: false }));
  for (const c of res.cards) byId.set(c.id, c);
}

/**
 * @param {number} id
 * @returns {CardDto | undefined}
 */
export function card(id) {
  return byId.get(id);
}

/**
 * "Cochrane 5" (or "card 23" before the table is loaded).
 * @param {number} id
 */
export function cardName(id) {
  const c = byId.get(id);
  return c ? `${CLANS[c.clan].name} ${c.strength}` : t.cardUnknown(id);
}

/**
 * A card face. `data-card` carries the id (the browser tests read it).
 * @param {number} id
 * @param {{tag?: string, note?: string, attrs?: Record<string, unknown>, cls?: string}} [opts] `cls`: more classes
 * @returns {HTMLElement}
 */
export function cardFace(id, opts = {}) {
  const c = byId.get(id);
  const clan = c ? c.clan : "bruce";
  const own = opts.attrs?.["aria-label"];
  const label =
    typeof own === "string"
      ? own
      : c
        ? t.cardLabel(`${CLANS[c.clan].name} ${c.strength}`, c.rank, t.clanPowers[c.clan], opts.note ?? "")
        : t.cardUnknown(id);
  const { "aria-label": _, ...attrs } = opts.attrs ?? {};
  return h(
    opts.tag ?? "div",
    { class: `card clan-${clan}${opts.cls ? ` ${opts.cls}` : ""}`, "data-card": id, title: label, ...(opts.tag === "button" ? {} : { role: "img", "aria-label": label }), ...attrs },
    // A button is named by its text: the hidden sentence, not the face's abbreviations.
    opts.tag === "button" ? h("span", { class: "sr" }, label) : null,
    h("span", { class: "badge", "aria-hidden": "true" }, c ? CLANS[c.clan].badge : "?"),
    h("span", { class: "strength", "aria-hidden": "true" }, c ? c.strength : ""),
    h("span", { class: "clan", "aria-hidden": "true" }, c ? SYLLABLES[c.clan] : ""),
    h("span", { class: "rank", "aria-hidden": "true" }, `#${id}`),
    opts.note ? h("span", { class: "note", "aria-hidden": "true" }, opts.note) : null,
  );
}

/**
 * A face-down card the viewer may not see.
 * @param {string} label
 * @param {{tag?: string, attrs?: Record<string, unknown>, cls?: string}} [opts]
 */
export function cardBack(label, opts = {}) {
  const { "aria-label": _, ...attrs } = opts.attrs ?? {};
  const button = opts.tag === "button";
  return h(
    opts.tag ?? "div",
    { class: `card back${opts.cls ? ` ${opts.cls}` : ""}`, title: label, ...(button ? {} : { role: "img", "aria-label": label }), ...attrs },
    button ? h("span", { class: "sr" }, label) : null,
    h("span", { class: "badge", "aria-hidden": "true" }, "?"),
  );
}

/**
 * A card with its power explained on demand: a disclosure button for {@link powerPanel}, which
 * the board draws under the card's row, where it covers nothing. A pointer finds it on the
 * card's corner; on a touch screen it covers a card that is no choice, and is left out of one
 * that is (the decision panel explains the card chosen), so a finger choosing a card never
 * opens the explanation instead (app.css).
 * @param {HTMLElement} face the card, from {@link cardFace}
 * @param {number} id
 * @param {boolean} open
 * @param {(open: boolean) => void} toggle
 * @returns {HTMLElement}
 */
export function withPower(face, id, open, toggle) {
  const c = byId.get(id);
  if (!c) return face;
  const name = `${CLANS[c.clan].name} ${c.strength}`;
  const button = h(
    "button",
    {
      type: "button",
      class: "power-info",
      id: `info-${id}`,
      "aria-expanded": open ? "true" : "false",
      "aria-controls": `power-${id}`,
      "aria-label": t.explain.powerOf(name),
      onclick: () => toggle(!open),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === "Escape" && open) toggle(false);
      },
    },
  );
  return h("div", { class: `cardbox${open ? " open" : ""}` }, face, button);
}

/**
 * What card `id`'s power does, with a link to it in the rules; Escape (or Close) closes it.
 * @param {number} id
 * @param {() => void} close
 */
export function powerPanel(id, close) {
  const c = byId.get(id);
  if (!c) return null;
  const x = t.explain;
  const name = `${CLANS[c.clan].name} ${c.strength}`;
  const popId = `power-${id}`;
  return h(
    "div",
    {
      class: "power-pop",
      id: popId,
      role: "group",
      tabindex: -1,
      "aria-labelledby": `${popId}-title`,
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === "Escape") close();
      },
    },
    h("p", { class: "power-title", id: `${popId}-title` }, h("strong", {}, x.powerTitle(CLANS[c.clan].name)), ` — ${name}`),
    h("p", {}, x.powerText[c.clan]),
    h("p", { class: "power-when" }, x.powerWhen),
    h(
      "p",
      { class: "power-links" },
      h("a", { href: `${x.rulesPage}#power-${c.clan}`, class: "power-link", hreflang: t.lang }, x.moreInRules),
      h("button", { type: "button", class: "power-close", onclick: close }, t.news.closePower),
    ),
  );
}
