// Who sits at the table: an open game's seats, joining, leaving, invitations, and the rematch.

import { ApiError, call, session } from "../api.js";
import { current, h, on } from "../dom.js";
import { t } from "../i18n.js";
import { playerLink, seatProfile } from "../players.js";
import { refresh } from "./state.js";

/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("../types.js").GameSummary} GameSummary */
/** @typedef {import("../types.js").InvitationDto} InvitationDto */
/** @typedef {import("./state.js").TableState} TableState */

/**
 * Shows why a request failed in the problem line drawn as `drawn` (the one on screen), with the
 * problem's code when the server refused.
 * @param {HTMLElement} drawn
 * @param {unknown} e
 */
function tell(drawn, e) {
  const problem = current(drawn);
  problem.textContent = e instanceof Error ? e.message : String(e);
  if (e instanceof ApiError) problem.dataset["code"] = e.code;
}

/**
 * Takes a free seat of an open game; a refusal shows its problem.
 * @param {TableState} st
 */
export function joinButton(st) {
  return h(
    "button",
    {
      type: "button",
      class: "primary",
      onclick: async () => {
        try {
          await call("POST", `/v1/games/${st.id}/join`);
        } catch (e) {
          if (e instanceof ApiError) st.refusal = e;
        }
        await refresh(st).catch(() => {});
        st.draw();
      },
    },
    t.joinThisGame,
  );
}

/**
 * Leaves a game that has not started.
 * @param {TableState} st
 */
export function leaveButton(st) {
  return h(
    "button",
    {
      type: "button",
      onclick: async () => {
        await call("POST", `/v1/games/${st.id}/leave`).catch(() => {});
        location.hash = "#/";
      },
    },
    t.leaveThisGame,
  );
}

/** @type {import("../types.js").BotLevel[]} */
const LEVELS = ["random", "greedy", "mcts"];

/**
 * An open game's seats: who holds each (a bot's marked), which are free. A seated player may
 * give a free seat to a bot of a level (`POST /v1/games/{id}/bots`); the last one starts the game.
 * @param {GameDto} g
 * @param {(seat: number) => string} who
 * @param {TableState} [st]
 */
export function seatList(g, who, st) {
  const problem = h("p", { class: "form-error", role: "alert", id: "seat-bot-problem" });
  return h(
    "section",
    { class: "seats-list", "aria-labelledby": "seats-title" },
    h("h2", { id: "seats-title" }, t.seats),
    h(
      "ol",
      {},
      Array.from({ length: g.game.options.players }, (_, seat) => {
        const held = g.game.seats.find((s) => s.seat === seat);
        return h(
          "li",
          { "data-seat": seat },
          held ? playerLink(seatProfile(held), who(seat)) : h("span", { class: "empty" }, t.freeSeat),
          held?.bot ? h("span", { class: "pill bot", "data-badge": "bot" }, t.botBadge(t.botLevels[held.bot])) : null,
          !held && st && g.your_seat !== null ? botControl(st, seat, problem) : null,
        );
      }),
    ),
    problem,
  );
}

/**
 * "Give this seat to a bot", with the bot's level.
 * @param {TableState} st
 * @param {number} seat
 * @param {HTMLElement} problem
 */
function botControl(st, seat, problem) {
  const id = `seat-bot-level-${seat}`;
  const form = h(
    "form",
    { class: "seat-bot" },
    h(
      "label",
      { for: id },
      t.botLevel,
      h("span", { class: "sr" }, t.forSeat(seat + 1)),
    ),
    h(
      "select",
      { id, name: "level" },
      LEVELS.map((l) => h("option", { value: l }, t.botLevels[l])),
    ),
    h("button", { type: "submit" }, t.giveSeatToBot, h("span", { class: "sr" }, t.forSeat(seat + 1))),
  );
  on(form, "submit", async (ev) => {
    ev.preventDefault();
    current(problem).textContent = "";
    const level = LEVELS.find((l) => l === new FormData(/** @type {HTMLFormElement} */ (ev.currentTarget)).get("level")) ?? "random";
    try {
      await call("POST", `/v1/games/${st.id}/bots`, { body: { level, seat }, signal: st.abort.signal });
      await refresh(st);
      st.draw();
    } catch (e) {
      tell(problem, e);
    }
  });
  return form;
}

/**
 * A seated player's invitations to an open game: the link (a public game's own; a private
 * game's carries a code made on request) and an invitation by username.
 * @param {TableState} st
 * @param {GameDto} g
 */
export function invitePanel(st, g) {
  const result = h("p", { role: "status", id: "invite-result" }, st.invited !== null ? t.invitedUser(st.invited) : "");
  const problem = h("p", { class: "form-error", role: "alert", id: "invite-problem" });
  const byName = h(
    "form",
    { class: "invite-name", "aria-labelledby": "invite-name-title" },
    h("h3", { id: "invite-name-title" }, t.inviteByUsername),
    h(
      "label",
      {},
      t.usernameToInvite,
      h("input", {
        id: "invite-username",
        name: "username",
        type: "text",
        required: true,
        autocomplete: "off",
        "aria-describedby": "invite-problem",
        value: st.inviteDraft,
        oninput: (/** @type {Event} */ e) => {
          st.inviteDraft = /** @type {HTMLInputElement} */ (e.target).value;
        },
      }),
    ),
    h("button", { type: "submit" }, t.invite),
  );
  on(byName, "submit", async (ev) => {
    ev.preventDefault();
    current(problem).textContent = "";
    const username = String(new FormData(/** @type {HTMLFormElement} */ (ev.currentTarget)).get("username") ?? "").trim();
    if (username === "") return;
    try {
      await call("POST", `/v1/games/${st.id}/invitations`, { body: { username }, signal: st.abort.signal });
      st.invited = username;
      st.inviteDraft = "";
      st.draw();
    } catch (e) {
      tell(problem, e);
    }
  });
  return h(
    "section",
    { class: "invite", "aria-labelledby": "invite-title" },
    h("h2", { id: "invite-title" }, t.invitePlayers),
    g.game.visibility === "public" ? inviteLink(g) : codeLink(st, g, problem),
    byName,
    result,
    problem,
  );
}

/**
 * A private game's invitation link: made on request, a code good for every free seat; the code
 * travels after the `#`, so it never reaches a server's logs.
 * @param {TableState} st
 * @param {GameDto} g
 * @param {HTMLElement} problem
 */
function codeLink(st, g, problem) {
  if (st.inviteLink === null) {
    return h(
      "p",
      {},
      h(
        "button",
        {
          type: "button",
          id: "make-link",
          onclick: async () => {
            current(problem).textContent = "";
            const uses = Math.max(1, g.game.options.players - g.game.seats.length);
            try {
              const inv = /** @type {InvitationDto} */ (
                await call("POST", `/v1/games/${st.id}/invitations`, { body: { uses }, signal: st.abort.signal })
              );
              st.inviteLink = `${location.origin}/#/join/${st.id}/${inv.code ?? ""}`;
              st.draw();
              document.getElementById("invite-code-link")?.focus();
            } catch (e) {
              tell(problem, e);
            }
          },
        },
        t.makeInviteLink,
      ),
    );
  }
  return h(
    "p",
    { class: "invite-link" },
    h("label", { for: "invite-code-link" }, t.invitationLink),
    h("input", {
      id: "invite-code-link",
      type: "text",
      readonly: true,
      value: st.inviteLink,
      onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select(),
    }),
    copyButton("invite-code-link"),
  );
}

/**
 * "Rematch": the rematch of this finished game (made now, or the one a player already asked
 * for), where I take the seat kept for me; then its table.
 * @param {TableState} st
 * @param {GameDto} g
 */
export function rematchButton(st, g) {
  const problem = h("p", { class: "form-error", role: "alert", id: "rematch-problem" });
  return h(
    "section",
    { class: "rematch", "aria-label": t.rematch },
    h(
      "button",
      {
        type: "button",
        class: "primary",
        id: "rematch",
        onclick: async () => {
          current(problem).textContent = "";
          try {
            const next = /** @type {GameSummary} */ (await call("POST", `/v1/games/${st.id}/rematch`));
            const me = (session()?.username ?? "").toLowerCase();
            if (next.status === "open" && !next.seats.some((s) => s.username.toLowerCase() === me)) {
              // Invited by the rematch: my seat is kept; joining takes it (no code needed).
              await call("POST", `/v1/games/${next.id}/join`);
            }
            location.hash = `#/game/${next.id}`;
          } catch (e) {
            tell(problem, e);
          }
        },
      },
      g.game.rematch ? t.goToRematch : t.rematch,
    ),
    problem,
  );
}

/**
 * The link to send to the players still missing, and a button that copies it.
 * @param {GameDto} g
 */
export function inviteLink(g) {
  const url = `${location.origin}/#/game/${g.game.id}`;
  return h(
    "p",
    { class: "invite" },
    h("label", { for: "invite-link" }, t.inviteByLink),
    h("input", { id: "invite-link", type: "text", readonly: true, value: url, onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
    copyButton("invite-link"),
  );
}

/**
 * "Copy link" for the link in the input `inputId`: through the Clipboard API, then "Copied";
 * where the clipboard is refused, the link is selected to copy by hand, and the page says so.
 * @param {string} inputId
 */
function copyButton(inputId) {
  const copied = h("span", { role: "status", class: "copied", "data-copied": "", id: `${inputId}-copied` });
  return h(
    "span",
    { class: "copy" },
    h(
      "button",
      {
        type: "button",
        onclick: async () => {
          const input = /** @type {HTMLInputElement | null} */ (document.getElementById(inputId));
          try {
            await navigator.clipboard.writeText(input?.value ?? "");
            current(copied).textContent = t.linkCopied;
          } catch {
            // No clipboard here (permissions, an old browser): the link is selected to copy by hand.
            input?.focus();
            input?.select();
            current(copied).textContent = t.linkSelected;
          }
        },
      },
      t.copyLink,
    ),
    copied,
  );
}
