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
 * How far `iso` is from now, e.g. "in 59 minutes", "in 42 seconds" or "dans 3 jours": seconds
 * up to 2 minutes, minutes up to 2 hours, hours up to 2 days, then days and hours ("in 2 days
 * 5 hours"), so a countdown refreshed every second moves visibly. Time left is rounded up,
 * never down: a fresh 3-day clock reads "in 3 days", not "in 2 days". Time past is in whole
 * units ("3 hours ago").
 * @param {string} iso
 * @param {number} [now] milliseconds since the epoch
 */
export function relative(iso, now = Date.now()) {
  const ms = new Date(iso).getTime() - now;
  const f = new Intl.RelativeTimeFormat(locale(), { numeric: "auto" });
  if (ms < 0) {
    const a = Math.trunc(-ms / 1000);
    if (a < 120) return f.format(-a, "second");
    if (a < 7200) return f.format(-Math.trunc(a / 60), "minute");
    if (a < 172800) return f.format(-Math.trunc(a / 3600), "hour");
    return f.format(-Math.trunc(a / 86400), "day");
  }
  const s = Math.ceil(ms / 1000);
  if (s < 120) return f.format(s, "second");
  if (s < 7200) return f.format(Math.ceil(s / 60), "minute");
  const hours = Math.ceil(s / 3600);
  if (hours < 48) return f.format(hours, "hour");
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (rest === 0) return f.format(days, "day");
  const h = new Intl.NumberFormat(locale(), { style: "unit", unit: "hour", unitDisplay: "long" }).format(rest);
  return `${f.format(days, "day")} ${h}`;
}

/**
 * The plural form of `n` in the page's language (Intl.PluralRules): `one` or `other`
 * (French counts 0 and 1 as `one`, English only 1).
 * @param {number} n
 * @param {string} one
 * @param {string} other
 */
export function plural(n, one, other) {
  return new Intl.PluralRules(locale()).select(n) === "one" ? one : other;
}

/**
 * A count and its noun agreed: "1 card", "2 cards", "0 carte".
 * @param {number} n
 * @param {string} one
 * @param {string} other
 */
export function count(n, one, other) {
  return `${num(n)} ${plural(n, one, other)}`;
}

/**
 * Milliseconds until `iso` (negative once past).
 * @param {string} iso
 */
export function until(iso) {
  return new Date(iso).getTime() - Date.now();
}
