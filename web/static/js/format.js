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

/**
 * How far `iso` is from now, e.g. "in 59 minutes", "in 42 seconds" or "dans 3 jours": whole
 * units, seconds up to 2 minutes, minutes up to 2 hours, hours up to 2 days, so a countdown
 * refreshed every second moves visibly.
 * @param {string} iso
 * @param {number} [now] milliseconds since the epoch
 */
export function relative(iso, now = Date.now()) {
  const s = Math.round((new Date(iso).getTime() - now) / 1000);
  const a = Math.abs(s);
  const f = new Intl.RelativeTimeFormat(locale(), { numeric: "auto" });
  if (a < 120) return f.format(s, "second");
  if (a < 7200) return f.format(Math.trunc(s / 60), "minute");
  if (a < 172800) return f.format(Math.trunc(s / 3600), "hour");
  return f.format(Math.trunc(s / 86400), "day");
}

/**
 * Milliseconds until `iso` (negative once past).
 * @param {string} iso
 */
export function until(iso) {
  return new Date(iso).getTime() - Date.now();
}
