// Private notes per game: what I write about this game for myself, kept by the server for me
// alone (`GET`/`PUT /v1/games/{id}/notes`). The panel is one element kept across the table's
// renders, like the chat, so a note being typed survives them; it is built once and only its
// status and counter change. A note is saved on "Save" and also once typing stops.

import { ApiError, call } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../types.js").Schemas["Notes"]} Saved */

/** The longest note, in characters (Unicode scalar values), as the server counts them. */
export const MAX_CHARS = 4000;

/** How long after the last keystroke the note is saved, in ms. */
const QUIET_MS = 1500;

/**
 * @typedef {object} Notes
 * @property {HTMLElement} el the panel, kept across renders
 */

/**
 * The notes of game `game` for the signed-in player, read from the server.
 * @param {string} game
 * @param {AbortSignal} signal aborted when the table is left: a note typed and not yet saved
 *   is saved then
 * @returns {Notes}
 */
export function openNotes(game, signal) {
  const text = /** @type {HTMLTextAreaElement} */ (
    h("textarea", { id: "notes-text", name: "text", rows: 5, disabled: true, spellcheck: "true", "aria-describedby": "notes-private notes-count" })
  );
  const counter = h("span", { id: "notes-count", class: "notes-count" });
  const saveButton = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", disabled: true }, t.notes.save));
  const status = h("p", { id: "notes-status", class: "meta", role: "status", "aria-live": "polite" }, t.notes.loading);
  /** What the server holds: the note as last read or saved. */
  let saved = "";
  let saving = false;
  /** @type {number | null} */
  let timer = null;

  /**
   * @param {string} said
   * @param {boolean} refused
   */
  const say = (said, refused) => {
    status.textContent = said;
    status.className = refused ? "form-error" : "meta";
  };
  const sync = () => {
    const n = chars(text.value);
    counter.textContent = t.notes.count(n, MAX_CHARS);
    counter.classList.toggle("over", n > MAX_CHARS);
  };
  const save = async (/** @type {AbortSignal | undefined} */ until) => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const value = text.value;
    if (saving || value === saved) {
      if (!saving) say(t.notes.saved, false);
      return;
    }
    if (chars(value) > MAX_CHARS) {
      say(t.notes.notSaved(t.notes.tooLong(MAX_CHARS)), true);
      return;
    }
    saving = true;
    say(t.notes.saving, false);
    try {
      const answer = /** @type {Saved} */ (await call("PUT", `/v1/games/${game}/notes`, { body: { text: value }, signal: until }));
      saved = answer.text;
      say(text.value === saved ? t.notes.saved : t.notes.waiting, false);
    } catch (e) {
      if (!signal.aborted) say(t.notes.notSaved(refusal(e)), true);
    } finally {
      saving = false;
    }
    // Typed on while the note was being saved: saved again once typing stops.
    if (text.value !== saved && !signal.aborted && status.className !== "form-error") later();
  };
  const later = () => {
    if (timer !== null) clearTimeout(timer);
    timer = window.setTimeout(() => void save(signal), QUIET_MS);
  };
  text.addEventListener("input", () => {
    sync();
    if (text.value === saved) {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      say(t.notes.saved, false);
      return;
    }
    say(chars(text.value) > MAX_CHARS ? t.notes.notSaved(t.notes.tooLong(MAX_CHARS)) : t.notes.waiting, chars(text.value) > MAX_CHARS);
    later();
  });
  // Leaving the table with a note not yet saved: it is saved all the same (not aborted).
  signal.addEventListener("abort", () => {
    if (timer !== null) void save(undefined);
  });

  const el = h(
    "section",
    { class: "notes", "aria-labelledby": "notes-title", "data-notes": "loading" },
    h("h2", { id: "notes-title" }, t.notes.title),
    h("p", { id: "notes-private", class: "form-note" }, t.notes.private),
    h(
      "form",
      {
        class: "notes-form",
        onsubmit: (/** @type {Event} */ ev) => {
          ev.preventDefault();
          void save(signal);
        },
      },
      h("label", { for: "notes-text" }, t.notes.label),
      text,
      h("div", { class: "notes-send" }, saveButton, counter),
    ),
    status,
  );
  sync();
  void (async () => {
    try {
      const read = /** @type {Saved} */ (await call("GET", `/v1/games/${game}/notes`, { signal }));
      saved = read.text;
      text.value = saved;
      text.disabled = false;
      saveButton.disabled = false;
      sync();
      say(saved === "" ? "" : t.notes.saved, false);
      el.setAttribute("data-notes", "ready");
    } catch (e) {
      if (signal.aborted) return;
      say(t.notes.unreadable(refusal(e)), true);
      el.setAttribute("data-notes", "failed");
    }
  })();
  return { el };
}

/** @param {unknown} e a refusal, in words */
function refusal(e) {
  if (e instanceof ApiError) return e.code === "invalid_note_text" ? t.notes.badText : e.message;
  return t.notes.offline;
}

/** @param {string} text characters as the server counts them (code points) */
function chars(text) {
  return [...text].length;
}
