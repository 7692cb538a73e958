// The language of the page: English or French, from the switch remembered in localStorage, else the
// first of `navigator.languages` we speak, else English. Every string a person reads comes from the
// catalogue `t` (web/static/js/i18n/<lang>.js, same keys; web/tests/i18n.mjs fails when one lacks a
// key). English is always loaded; French only when chosen.

import en from "./i18n/en.js";

/** @typedef {import("./i18n/en.js").Messages} Messages */
/** @typedef {"en" | "fr"} Lang */

const KEY = "lords.lang";

/** The catalogue of the page's language (a live binding: read it at render time). */
export let t = /** @type {Messages} */ (en);
/** @type {Lang} */
export let lang = "en";

/** @returns {Lang} the remembered choice, else the browser's first language we speak */
export function preferred() {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept === "en" || kept === "fr") return kept;
  } catch {
    // Storage refused (private mode): follow the browser.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "fr" || primary === "en") return primary;
  }
  return "en";
}

/**
 * Loads `l`'s catalogue and makes it the page's language.
 * @param {Lang} l
 */
export async function use(l) {
  t = l === "fr" ? (await import("./i18n/fr.js")).default : en;
  lang = l;
  document.documentElement.lang = l;
}

/**
 * The visible switch: remembers `l` and loads it.
 * @param {Lang} l
 */
export async function choose(l) {
  try {
    localStorage.setItem(KEY, l);
  } catch {
    // Not remembered, but used for this page.
  }
  await use(l);
}
