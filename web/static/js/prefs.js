// This device's preferences for the table: kept in this browser (localStorage), not on the
// account, since a phone and a desktop are played differently.

/** @typedef {"system" | "light" | "dark"} Theme */
/** @typedef {"off" | "sound" | "vibrate" | "both"} TurnAlert */

const CONFIRM = "lords.confirmMoves";
const ALERT = "lords.turnAlert";
const THEME = "lords.theme";

/** @param {string} key */
function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {string | null} value `null` forgets the choice (the default applies again)
 */
function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // A browser that keeps nothing (private mode): the choice lasts as long as the page.
  }
}

/** Whether this device is a touch screen: its main pointer is coarse. */
export function touchScreen() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/**
 * Whether a recruit, a claim or a muster is staged and sent only on Confirm: as chosen, else on
 * by default on a touch screen (a mistap counts at once otherwise) and off elsewhere.
 */
export function confirmMoves() {
  const kept = read(CONFIRM);
  if (kept === "on") return true;
  if (kept === "off") return false;
  return touchScreen();
}

/** @param {boolean} on */
export function setConfirmMoves(on) {
  write(CONFIRM, on ? "on" : "off");
}

/** @returns {TurnAlert} how this page tells that it became my turn while it is open; off unless chosen */
export function turnAlert() {
  const kept = read(ALERT);
  return kept === "sound" || kept === "vibrate" || kept === "both" ? kept : "off";
}

/** @param {TurnAlert} alert */
export function setTurnAlert(alert) {
  write(ALERT, alert === "off" ? null : alert);
}

/** @returns {Theme} the colours chosen: the system's (`prefers-color-scheme`) unless chosen */
export function theme() {
  const kept = read(THEME);
  return kept === "light" || kept === "dark" ? kept : "system";
}

/** @param {Theme} choice */
export function setTheme(choice) {
  write(THEME, choice === "system" ? null : choice);
  applyTheme();
}

/** Puts the chosen colours on the page (`data-theme` on the root; none follows the system). */
export function applyTheme() {
  const choice = theme();
  if (choice === "system") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", choice);
}
