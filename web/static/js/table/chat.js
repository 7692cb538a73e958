// The table's chat (service rules §9.8), for its seated players once the game is dealt: the
// lines (`GET /v1/games/{id}/chat`, then live `chat` events on the game's stream), a send box
// with its counter, and a menu per line to mute its sender or report it (a reason asked for in a
// form under the lines). The menu opens over the lines, never moving them, and closes on a tap
// outside it or Escape, as the report form does on Escape. Muted accounts' lines never arrive
// (the server leaves them out); the muted list can be undone here.
// The panel is one element kept across the table's renders, so a line being typed survives them,
// as do an open menu and a reason being typed, which the panel's own state keeps.

import { ApiError, call, session } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../types.js").ChatLine} ChatLine */
/** @typedef {import("../types.js").ChatPage} ChatPage */
/** @typedef {import("../types.js").MutedList} MutedList */

/** The longest line, in characters (Unicode scalar values), as the server counts them. */
export const MAX_CHARS = 500;

/** How often a table without a stream (polls, or a finished game) reads new lines, in ms. */
const POLL_MS = 15000;

/**
 * @typedef {object} Chat
 * @property {string} game
 * @property {ChatLine[]} lines oldest first
 * @property {number} after the last line read (the stream's `chat_after`)
 * @property {string[]} muted usernames I muted
 * @property {string} status the last thing said about a send, a mute or a report
 * @property {boolean} alert whether `status` is a refusal
 * @property {boolean} sending
 * @property {HTMLElement} el the panel, kept across renders
 * @property {AbortSignal} signal aborted when the table is left
 * @property {number | null} poll the interval reading new lines without a stream
 * @property {number | null} menu the line whose menu is open
 * @property {ChatLine | null} reporting the line being reported
 */

/**
 * The chat of game `game`, read from the server; its panel is drawn at once and again as lines
 * come.
 * @param {string} game
 * @param {AbortSignal} signal
 * @returns {Chat}
 */
export function openChat(game, signal) {
  /** @type {Chat} */
  const c = {
    game,
    lines: [],
    after: 0,
    muted: [],
    status: "",
    alert: false,
    sending: false,
    el: h("section", { class: "chat", "aria-labelledby": "chat-title", "data-chat": "loading" }),
    signal,
    poll: null,
    menu: null,
    reporting: null,
  };
  signal.addEventListener("abort", () => {
    if (c.poll !== null) clearInterval(c.poll);
  });
  // A tap anywhere but on the open menu closes it; Escape closes it, or cancels a report.
  document.addEventListener(
    "pointerdown",
    (ev) => {
      if (c.menu === null || !(ev.target instanceof Node)) return;
      const open = c.el.querySelector(`li[data-line="${c.menu}"] .line-menu`);
      if (open !== null && open.contains(ev.target)) return;
      closeMenu(c);
    },
    { signal },
  );
  c.el.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    if (c.reporting !== null) {
      ev.preventDefault();
      closeReport(c);
    } else if (c.menu !== null) {
      ev.preventDefault();
      closeMenu(c)?.focus();
    }
  });
  draw(c);
  void (async () => {
    try {
      await Promise.all([readLines(c), readMuted(c)]);
      c.el.setAttribute("data-chat", "ready");
    } catch {
      c.el.setAttribute("data-chat", "failed");
    }
    draw(c);
  })();
  return c;
}

/**
 * New lines from the server without a stream (the table polls, or the game is over), every
 * {@link POLL_MS} until the table is left.
 * @param {Chat} c
 */
export function pollChat(c) {
  if (c.poll !== null || c.signal.aborted) return;
  c.poll = window.setInterval(() => {
    void readLines(c)
      .then(() => draw(c))
      .catch(() => {});
  }, POLL_MS);
}

/**
 * A line the stream brought (a `chat` event).
 * @param {Chat} c
 * @param {ChatLine} line
 */
export function heardLine(c, line) {
  if (add(c, [line])) draw(c);
}

/**
 * Adds lines after the last one held: pages and the stream both run in order.
 * @param {Chat} c
 * @param {ChatLine[]} lines
 * @returns {boolean} whether any was new
 */
function add(c, lines) {
  let added = false;
  for (const l of lines) {
    if (l.id <= c.after) continue;
    c.lines.push(l);
    c.after = l.id;
    added = true;
  }
  return added;
}

/** @param {Chat} c */
async function readLines(c) {
  for (;;) {
    const page = /** @type {ChatPage} */ (
      await call("GET", `/v1/games/${c.game}/chat?after=${c.after}&limit=100`, { signal: c.signal })
    );
    add(c, page.lines);
    if (page.lines.length < 100) return;
  }
}

/** @param {Chat} c */
async function readMuted(c) {
  const list = /** @type {MutedList} */ (await call("GET", "/v1/me/muted", { signal: c.signal }));
  c.muted = list.muted.map((m) => m.username);
}

/** @param {Chat} c */
function box(c) {
  return /** @type {HTMLInputElement | null} */ (c.el.querySelector("#chat-text"));
}

/**
 * Says what is in the box; the box is emptied once the server took it.
 * @param {Chat} c
 */
async function send(c) {
  const text = box(c)?.value ?? "";
  if (c.sending || !fits(text)) return;
  c.sending = true;
  draw(c);
  try {
    const line = /** @type {ChatLine} */ (
      await call("POST", `/v1/games/${c.game}/chat`, { body: { text }, signal: c.signal })
    );
    add(c, [line]);
    // The box drawn while sending holds the text sent.
    const sent = box(c);
    if (sent !== null) sent.value = "";
    say(c, "", false);
  } catch (e) {
    say(c, refusal(e), true);
  } finally {
    c.sending = false;
  }
  draw(c);
  box(c)?.focus();
}

/**
 * Mutes the sender of a line: their lines leave the panel (the server sends no more).
 * @param {Chat} c
 * @param {string} username
 */
async function mute(c, username) {
  try {
    await call("POST", `/v1/me/muted/${encodeURIComponent(username)}`, { signal: c.signal });
    const lower = username.toLowerCase();
    c.lines = c.lines.filter((l) => l.username.toLowerCase() !== lower);
    if (!c.muted.some((m) => m.toLowerCase() === lower)) c.muted.push(username);
    say(c, t.chat.mutedNow(username), false);
  } catch (e) {
    say(c, refusal(e), true);
  }
  draw(c);
}

/**
 * Unmutes an account: its lines, old ones included, are read again.
 * @param {Chat} c
 * @param {string} username
 */
async function unmute(c, username) {
  try {
    await call("DELETE", `/v1/me/muted/${encodeURIComponent(username)}`, { signal: c.signal });
    c.muted = c.muted.filter((m) => m !== username);
    c.lines = [];
    c.after = 0;
    await readLines(c);
    say(c, t.chat.unmutedNow(username), false);
  } catch (e) {
    say(c, refusal(e), true);
  }
  draw(c);
}

/**
 * @param {Chat} c
 * @param {number} line
 */
function menuButton(c, line) {
  return /** @type {HTMLElement | null} */ (c.el.querySelector(`li[data-line="${line}"] .line-menu > button`));
}

/**
 * Closes the open menu in place (nothing else is drawn again: the tap that closed it goes on to
 * what it touched).
 * @param {Chat} c
 * @returns {HTMLElement | null} the menu's button
 */
function closeMenu(c) {
  if (c.menu === null) return null;
  const button = menuButton(c, c.menu);
  c.menu = null;
  button?.setAttribute("aria-expanded", "false");
  button?.removeAttribute("aria-controls");
  button?.parentElement?.querySelector(".line-actions")?.remove();
  return button;
}

/** @param {Chat} c */
function reasonBox(c) {
  return /** @type {HTMLTextAreaElement | null} */ (c.el.querySelector("#report-reason"));
}

/**
 * Opens the report form for a line, the focus in its reason.
 * @param {Chat} c
 * @param {ChatLine} line
 */
function openReport(c, line) {
  c.menu = null;
  c.reporting = line;
  say(c, "", false);
  draw(c);
  reasonBox(c)?.focus();
}

/**
 * Closes the report form, the focus back on the reported line's menu.
 * @param {Chat} c
 */
function closeReport(c) {
  const line = c.reporting;
  c.reporting = null;
  draw(c);
  if (line !== null) (menuButton(c, line.id) ?? c.el.querySelector(".chat-lines"))?.focus();
}

/**
 * Reports the line of the open form to the operator, with the reason typed.
 * @param {Chat} c
 */
async function report(c) {
  const line = c.reporting;
  const reason = reasonBox(c)?.value ?? "";
  if (line === null) return;
  if (reason.trim() === "") {
    say(c, t.chat.reasonNeeded, true);
    draw(c);
    reasonBox(c)?.focus();
    return;
  }
  try {
    await call("POST", `/v1/games/${c.game}/chat/${line.id}/report`, {
      body: { reason: reason.slice(0, MAX_CHARS) },
      signal: c.signal,
    });
    say(c, t.chat.reported, false);
    closeReport(c);
  } catch (e) {
    say(c, refusal(e), true);
    draw(c);
  }
}

/**
 * @param {Chat} c
 * @param {string} text
 * @param {boolean} alert
 */
function say(c, text, alert) {
  c.status = text;
  c.alert = alert;
}

/** @param {unknown} e */
function refusal(e) {
  return e instanceof ApiError ? e.message : String(e);
}

/**
 * When a line was said: the time of day, with the date in its tooltip.
 * @param {string} iso
 */
function clock(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(document.documentElement.lang || "en", { timeStyle: "short" }).format(d);
}

/** @param {string} text characters as the server counts them (code points) */
function chars(text) {
  return [...text].length;
}

/** @param {string} text */
function fits(text) {
  const n = chars(text);
  return n >= 1 && n <= MAX_CHARS;
}

/**
 * Draws the panel again in place (its element stays the same).
 * @param {Chat} c
 */
function draw(c) {
  const me = session()?.username.toLowerCase() ?? "";
  const draft = box(c);
  const text = draft?.value ?? "";
  const focused = draft !== null && document.activeElement === draft;
  const reasonDraft = reasonBox(c);
  const reason = reasonDraft?.value ?? "";
  const reasonFocused = reasonDraft !== null && document.activeElement === reasonDraft;
  const input = /** @type {HTMLInputElement} */ (
    h("input", {
      id: "chat-text",
      name: "text",
      autocomplete: "off",
      enterkeyhint: "send",
      "aria-describedby": "chat-count",
      value: text,
      disabled: c.sending,
    })
  );
  const counter = h("span", { id: "chat-count", class: "chat-count", "aria-live": "polite" });
  const sendButton = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary" }, t.chat.send));
  const sync = () => {
    const n = chars(input.value);
    counter.textContent = t.chat.count(n, MAX_CHARS);
    counter.classList.toggle("over", n > MAX_CHARS);
    sendButton.disabled = c.sending || !fits(input.value);
  };
  input.addEventListener("input", sync);
  sync();
  const list = h(
    "ol",
    { class: "chat-lines", tabindex: 0, "aria-label": t.chat.lines, "aria-live": "polite" },
    c.lines.map((l) => lineItem(c, l, l.username.toLowerCase() === me)),
  );
  replace(
    c.el,
    h("h2", { id: "chat-title" }, t.chat.title),
    c.lines.length === 0 ? h("p", { class: "empty" }, t.chat.empty) : null,
    list,
    c.reporting === null ? null : reportForm(c, c.reporting, reason),
    h(
      "form",
      {
        class: "chat-send",
        onsubmit: (/** @type {Event} */ ev) => {
          ev.preventDefault();
          void send(c);
        },
      },
      h("label", { for: "chat-text", class: "sr" }, t.chat.say),
      input,
      sendButton,
      counter,
    ),
    c.status ? h("p", { role: c.alert ? "alert" : "status", class: c.alert ? "form-error" : "meta" }, c.status) : null,
    c.muted.length === 0
      ? null
      : h(
          "details",
          { class: "chat-muted" },
          h("summary", {}, t.chat.mutedList(c.muted.length)),
          h(
            "ul",
            {},
            c.muted.map((m) =>
              h(
                "li",
                {},
                h("span", {}, m),
                " ",
                h("button", { type: "button", "data-unmute": m, onclick: () => void unmute(c, m) }, t.chat.unmute),
              ),
            ),
          ),
        ),
  );
  list.scrollTop = list.scrollHeight;
  if (focused) input.focus({ preventScroll: true });
  if (reasonFocused) reasonBox(c)?.focus({ preventScroll: true });
}

/**
 * The report form of a line: the line quoted, a reason, Send and Cancel.
 * @param {Chat} c
 * @param {ChatLine} line
 * @param {string} reason the reason typed so far
 */
function reportForm(c, line, reason) {
  const box = /** @type {HTMLTextAreaElement} */ (
    h("textarea", { id: "report-reason", name: "reason", rows: 2, maxlength: MAX_CHARS, required: true })
  );
  box.value = reason;
  return h(
    "form",
    {
      class: "report-form",
      "aria-labelledby": "report-title",
      "data-reporting": line.id,
      onsubmit: (/** @type {Event} */ ev) => {
        ev.preventDefault();
        void report(c);
      },
    },
    h("h3", { id: "report-title" }, t.chatLine.title(line.username)),
    h("blockquote", {}, line.text),
    h("label", { for: "report-reason" }, t.chatLine.reason),
    box,
    h(
      "div",
      { class: "report-buttons" },
      h("button", { type: "submit", class: "primary" }, t.chatLine.send),
      h("button", { type: "button", onclick: () => closeReport(c) }, t.chatLine.cancel),
    ),
  );
}

/**
 * One line: who (a link to their profile), when, what, and a menu to mute or report them.
 * @param {Chat} c
 * @param {ChatLine} l
 * @param {boolean} mine
 */
function lineItem(c, l, mine) {
  return h(
    "li",
    { "data-line": l.id, "data-seat": l.seat },
    h(
      "div",
      { class: "chat-head" },
      h("a", { class: "who", href: `#/player/${encodeURIComponent(l.username)}` }, l.username),
      h("time", { datetime: l.sent_at, title: l.sent_at, class: "meta" }, clock(l.sent_at)),
      mine ? null : lineMenu(c, l),
    ),
    h("p", { class: "chat-text" }, l.text),
  );
}

/**
 * The ⋯ menu of a line: a button, and its actions laid over the lines below it (the lines do not
 * move when it opens).
 * @param {Chat} c
 * @param {ChatLine} l
 */
function lineMenu(c, l) {
  const open = c.menu === l.id;
  return h(
    "div",
    { class: "line-menu" },
    h(
      "button",
      {
        type: "button",
        class: "line-menu-button",
        "aria-label": t.chat.menuOf(l.username),
        "aria-expanded": open ? "true" : "false",
        "aria-controls": open ? `line-actions-${l.id}` : null,
        onclick: () => {
          // The menu may have been closed in place since this was drawn: the state says.
          c.menu = c.menu === l.id ? null : l.id;
          draw(c);
          // Without scrolling the lines: the menu is laid over its own line.
          if (c.menu !== null) /** @type {HTMLElement | null} */ (c.el.querySelector(`#line-actions-${l.id} button`))?.focus({ preventScroll: true });
          else menuButton(c, l.id)?.focus({ preventScroll: true });
        },
      },
      "⋯",
    ),
    open
      ? h(
          "div",
          { class: "line-actions", id: `line-actions-${l.id}` },
          h(
            "button",
            {
              type: "button",
              "data-mute": l.username,
              "aria-label": t.chat.mute(l.username),
              onclick: () => {
                c.menu = null;
                void mute(c, l.username);
              },
            },
            t.chatLine.mute,
          ),
          h("button", { type: "button", "data-report": l.id, onclick: () => openReport(c, l) }, t.chat.report),
        )
      : null,
  );
}
