// Numbers and dates in the page's language (`<html lang>`), through Intl. The catalogues and
// the screens format every figure a person reads here.

/** @returns {string} */
function locale() {
  return document.documentElement.lang || "en";
}

/**
 * 1234 → "1,234" (en) or "1 234" (fr).
 * @param {number} n
 */
export function num(n) {
  return new Intl.NumberFormat(locale()).format(n);
}

/**
 * An instant as a short date and time, e.g. "Nov 22, 2026, 8:04 PM" or "22 nov. 2026, 20:04".
 * @param {string} iso
 */
export function dateTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(d);
}

/**
 * A list: "A, B and C" or "A, B et C".
 * @param {string[]} items
 */
export function list(items) {
  return new Intl.ListFormat(locale(), { style: "long", type: "conjunction" }).format(items);
}
