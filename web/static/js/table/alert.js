// Telling that it became my turn while the page is open, as chosen on this device
// (prefs.js): a short sound, a vibration, or both; nothing unless chosen.

import { turnAlert as chosen } from "../prefs.js";

/** @type {AudioContext | null} */
let audio = null;

/** Two short notes, made on the spot (no sound file to load). */
function chime() {
  const Ctx = window.AudioContext;
  if (typeof Ctx !== "function") return false;
  audio ??= new Ctx();
  const now = audio.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.16);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.18);
    osc.stop(now + i * 0.18 + 0.17);
  }
  return true;
}

/**
 * Tells that it is my turn, as chosen; says what it did in a `lords:turn-alert` event (its
 * `detail.sound` and `detail.vibrate`).
 */
export function turnAlert() {
  const how = chosen();
  if (how === "off") return;
  const sound = (how === "sound" || how === "both") && chime();
  const vibrate = (how === "vibrate" || how === "both") && typeof navigator.vibrate === "function" && navigator.vibrate([120, 80, 120]);
  window.dispatchEvent(new CustomEvent("lords:turn-alert", { detail: { sound, vibrate } }));
}
