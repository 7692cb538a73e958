// The web client's entry: the language (i18n.js), the header with its language switch, the
// router over `location.hash` (#/, #/challenges, #/signin, #/account, #/settings, #/game/<id>,
// #/player/<username>, #/leaderboard, #/tokens, #/tournaments, #/tournament/<id>,
// #/join/<id>/<code>, #/audit/<id>, and the mailed links' #/verify-email/<token> and
// #/reset-password/<token>, with #/forgot-password), the OAuth consent page at /oauth/authorize
// and the account screens. Screens live in their modules.

import { ApiError, changePassword, deleteAccount, session, signIn, signOut, signUp } from "./api.js";
import { h, replace } from "./dom.js";
import { choose, preferred, t, use } from "./i18n.js";
import { GAME_ID, leaveLobby, showJoin, showLobby } from "./lobby.js";
import { challengeBadge } from "./matchmaking.js";
import { showLeaderboard, showPlayer } from "./players.js";
import { applyTheme } from "./prefs.js";
import { pushControls, stopPush, tellWorker } from "./push.js";
import { showForgotPassword, showResetPassword, showSettings, showVerifyEmail } from "./settings.js";

/** Where a signed-out visitor was going (an invitation link): back there once signed in. */
const AFTER = "lords.after";

function afterSignIn() {
  const next = sessionStorage.getItem(AFTER);
  sessionStorage.removeItem(AFTER);
  location.hash = next ?? "#/";
}

/** The OAuth authorization endpoint: the server serves this page there, for the consent. */
const AUTHORIZE = "/oauth/authorize";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
/**
 * The table's modules, loaded the first time a table is shown: the lobby's first load goes without.
 * @type {Promise<typeof import("./table.js")> | null}
 */
let table = null;
const nav = /** @type {HTMLElement} */ (document.getElementById("nav"));

/** The page's own text outside `main`: title, skip link, footer, description. */
function chrome() {
  document.title = t.app;
  document.querySelector('meta[name="description"]')?.setAttribute("content", t.description);
  const skip = document.querySelector("a.skip");
  if (skip) skip.textContent = t.skip;
  nav.setAttribute("aria-label", t.navAccount);
  const foot = document.querySelector("footer.foot");
  if (foot) {
    replace(foot, h("a", { href: t.rulesHref, hreflang: t.lang }, t.rules), " · ", h("a", { href: "/docs/" }, t.api));
  }
}

/** The visible switch to the other language, named in that language; the choice is kept. */
function languageSwitch() {
  return h(
    "button",
    {
      type: "button",
      class: "lang",
      lang: t.switchLang,
      title: t.switchLabel,
      onclick: async () => {
        await choose(t.switchLang);
        void tellWorker();
        chrome();
        await route();
        /** @type {HTMLElement | null} */ (document.querySelector("button.lang"))?.focus();
      },
    },
    t.switchTo,
  );
}

function header() {
  const s = session();
  replace(
    nav,
    s === null
      ? [
          h("a", { href: "#/signin" }, t.signIn),
          h("a", { href: "#/tournaments" }, t.tour.nav),
          h("a", { href: "#/leaderboard" }, t.profiles.leaderboard),
          languageSwitch(),
        ]
      : [
          h("a", { href: "#/" }, t.lobby),
          challengeBadge(),
          h("a", { href: "#/tournaments" }, t.tour.nav),
          h("a", { href: "#/leaderboard" }, t.profiles.leaderboard),
          h("a", { href: "#/account", "aria-label": t.accountOf(s.username) }, s.username),
          h("a", { href: "#/settings" }, t.settings.navLink),
          h(
            "button",
            {
              type: "button",
              onclick: async () => {
                await stopPush().catch(() => {});
                await signOut().catch(() => {});
                location.hash = "#/signin";
              },
            },
            t.signOut,
          ),
          languageSwitch(),
        ],
  );
}

async function route() {
  if (table !== null) (await table).leaveTable();
  leaveLobby();
  header();
  if (location.pathname === AUTHORIZE) await authorizeRoute();
  else await screenRoute();
  // Keyboard and screen-reader users land on the new screen's heading.
  const title = main.querySelector("h1");
  if (title instanceof HTMLElement && document.activeElement === document.body) {
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}

/**
 * At /oauth/authorize?…: the consent (no hash, or #/consent), signing in on the way (back to the
 * consent after), and any other screen at its own address, leaving the request behind.
 */
async function authorizeRoute() {
  const hash = location.hash.replace(/^#/, "");
  if (hash === "" || hash === "/consent") {
    const { showConsent } = await import("./consent.js");
    await showConsent(main, () => {
      location.hash = "#/signin";
    });
  } else if (hash === "/signin") {
    // Signing in or up here comes back to the consent, whatever was kept before.
    sessionStorage.setItem(AFTER, "#/consent");
    showSignIn();
  } else {
    location.assign(`/#${hash}`);
  }
}

async function screenRoute() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const parts = hash.split("/").filter((p) => p !== "");
  // Signing in, asking for a reset link and using one need no session; nor do players' pages
  // and tournaments.
  const open = ["signin", "forgot-password", "reset-password", "player", "leaderboard", "tournaments", "tournament"];
  if (session() === null && !open.includes(parts[0] ?? "")) {
    if (parts.length > 0) sessionStorage.setItem(AFTER, `#${hash}`);
    location.hash = "#/signin";
    return;
  }
  const [screen, id, code] = parts;
  if (screen === "signin") showSignIn();
  else if (screen === "account") showAccount();
  else if (screen === "settings") await showSettings(main);
  else if (screen === "forgot-password") showForgotPassword(main);
  else if (screen === "reset-password" && id) showResetPassword(main, id);
  else if (screen === "verify-email" && id) await showVerifyEmail(main, id);
  else if (screen === "game" && id && !GAME_ID.test(id)) badAddress();
  else if (screen === "game" && id) await (await (table ??= import("./table.js"))).showTable(main, id);
  else if (screen === "join" && id && code) await showJoin(main, id, code);
  else if (screen === "audit" && id) await (await import("./audit.js")).showAudit(main, id);
  else if (screen === "player" && id) await showPlayer(main, decoded(id));
  else if (screen === "leaderboard") await showLeaderboard(main);
  else if (screen === "tournaments") await (await import("./tournaments.js")).showTournaments(main);
  else if (screen === "tournament" && id) await (await import("./tournaments.js")).showTournament(main, decoded(id));
  else if (screen === "tokens") await (await import("./tokens.js")).showTokens(main);
  else if (screen === "challenges") await showLobby(main, "challenges");
  else await showLobby(main);
}

/**
 * A path segment as typed: `%xx` decoded, or as it is when that fails.
 * @param {string} segment
 */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** @param {unknown} e */
function problemText(e) {
  return e instanceof ApiError || e instanceof Error ? e.message : String(e);
}

/**
 * A form of labelled fields; `submit` gets the values and may throw to show the problem. A
 * `note` says, before the person confirms, what submitting does beyond the obvious.
 * @param {string} title
 * @param {string} id
 * @param {{name: string, label: string, type: string, autocomplete: string}[]} fields
 * @param {string} button
 * @param {(values: Record<string, string>) => Promise<void>} submit
 * @param {string} [note]
 */
function form(title, id, fields, button, submit, note) {
  const error = h("p", { class: "form-error", role: "alert", id: `${id}-error` });
  const f = h(
    "form",
    {
      class: "card-form",
      "aria-labelledby": `${id}-title`,
      ...(note === undefined ? {} : { "aria-describedby": `${id}-note` }),
    },
    h("h2", { id: `${id}-title` }, title),
    note === undefined ? [] : h("p", { id: `${id}-note`, class: "form-note" }, note),
    fields.map((x) =>
      h(
        "label",
        {},
        x.label,
        h("input", {
          name: x.name,
          type: x.type,
          autocomplete: x.autocomplete,
          required: true,
          "aria-describedby": `${id}-error`,
        }),
      ),
    ),
    h("button", { type: "submit", class: "primary" }, button),
    error,
  );
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    /** @type {Record<string, string>} */
    const values = {};
    for (const [k, v] of new FormData(/** @type {HTMLFormElement} */ (f))) values[k] = String(v);
    try {
      await submit(values);
    } catch (e) {
      error.textContent = problemText(e);
      if (e instanceof ApiError) error.dataset["code"] = e.code;
    }
  });
  return f;
}

/** A table address whose game id does not parse: said in words, with the way back. */
function badAddress() {
  document.title = t.pageTitle(t.badGameAddressTitle);
  replace(
    main,
    h(
      "section",
      { class: "card-form", "aria-labelledby": "bad-address-title" },
      h("h1", { id: "bad-address-title" }, t.badGameAddressTitle),
      h("p", { role: "alert" }, t.badGameAddress),
      h("p", {}, h("a", { href: "#/", class: "button" }, t.backToLobby)),
    ),
  );
}

function showSignIn() {
  document.title = t.pageTitle(t.signIn);
  const left = sessionStorage.getItem("lords.deleted") !== null;
  sessionStorage.removeItem("lords.deleted");
  const user = { name: "username", label: t.username, type: "text", autocomplete: "username" };
  replace(
    main,
    h(
      "section",
      { class: "auth", "aria-labelledby": "auth-title" },
      h("h1", { id: "auth-title" }, t.app),
      left ? h("p", { role: "status", class: "notice" }, t.accountDeleted) : null,
      location.pathname === AUTHORIZE ? h("p", { class: "notice" }, t.consent.signInFirst) : null,
      h("p", {}, t.tagline),
      h(
        "div",
        { class: "forms" },
        form(
          t.signIn,
          "signin",
          [user, { name: "password", label: t.password, type: "password", autocomplete: "current-password" }],
          t.signIn,
          async (v) => {
            await signIn(v["username"] ?? "", v["password"] ?? "");
            afterSignIn();
          },
        ),
        form(
          t.createAccountTitle,
          "signup",
          [user, { name: "password", label: t.newPasswordHint, type: "password", autocomplete: "new-password" }],
          t.createAccount,
          async (v) => {
            await signUp(v["username"] ?? "", v["password"] ?? "");
            afterSignIn();
          },
        ),
      ),
      h("p", { class: "forgot" }, h("a", { href: "#/forgot-password" }, t.settings.forgotLink)),
    ),
  );
}

function showAccount() {
  const s = session();
  document.title = t.pageTitle(t.account);
  const done = h("p", { role: "status" });
  replace(
    main,
    h(
      "section",
      { class: "account", "aria-labelledby": "account-title" },
      h("h1", { id: "account-title" }, t.accountTitle(s?.username ?? "")),
      h("p", {}, h("a", { href: "#/settings" }, t.settings.toSettings)),
      h("p", {}, h("a", { href: "#/tokens" }, t.tokens.link)),
      form(
        t.changePassword,
        "password",
        [
          { name: "current", label: t.currentPassword, type: "password", autocomplete: "current-password" },
          { name: "next", label: t.newPassword, type: "password", autocomplete: "new-password" },
        ],
        t.changePassword,
        async (v) => {
          await changePassword(v["current"] ?? "", v["next"] ?? "");
          done.textContent = t.passwordChanged;
        },
        t.passwordChangeEnds,
      ),
      done,
      pushControls(),
      deletion(),
    ),
  );
}

/**
 * "Delete my account": a confirmation that asks for the password (focus moves to it, Escape or
 * "Keep my account" takes it back); once deleted, signed out.
 */
function deletion() {
  const box = h("section", { class: "delete-account", "aria-labelledby": "delete-title" });
  const ask = () => {
    const problem = h("p", { class: "form-error", role: "alert", id: "delete-problem" });
    const keep = () => {
      closed();
      document.getElementById("delete-account")?.focus();
    };
    const f = h(
      "form",
      {
        class: "confirm",
        role: "alertdialog",
        "aria-labelledby": "delete-question",
        onkeydown: (/** @type {KeyboardEvent} */ e) => {
          if (e.key === "Escape") keep();
        },
      },
      h("p", { id: "delete-question" }, t.deleteQuestion),
      h(
        "label",
        {},
        t.passwordToDelete,
        h("input", { id: "delete-password", name: "password", type: "password", autocomplete: "current-password", required: true, "aria-describedby": "delete-problem" }),
      ),
      h("button", { type: "submit", class: "danger" }, t.deleteYes),
      h("button", { type: "button", onclick: keep }, t.deleteNo),
      problem,
    );
    f.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      problem.textContent = "";
      const password = String(new FormData(/** @type {HTMLFormElement} */ (f)).get("password") ?? "");
      try {
        const name = session()?.username ?? "";
        await stopPush().catch(() => {});
        await deleteAccount(password);
        // A new account may take the name: nothing of this one is kept under it.
        localStorage.removeItem(`lords.notified.${name}`);
        await import("./receipts.js").then((r) => r.forgetReceipts(name)).catch(() => {});
        sessionStorage.setItem("lords.deleted", "1");
        location.hash = "#/signin";
      } catch (e) {
        problem.textContent = problemText(e);
        if (e instanceof ApiError) problem.dataset["code"] = e.code;
      }
    });
    replace(box, h("h2", { id: "delete-title" }, t.deleteAccount), f);
    document.getElementById("delete-password")?.focus();
  };
  const closed = () =>
    replace(
      box,
      h("h2", { id: "delete-title" }, t.deleteAccount),
      h("p", {}, t.deleteWarning),
      h("button", { type: "button", id: "delete-account", class: "danger", onclick: ask }, t.deleteAccountButton),
    );
  closed();
  return box;
}

// The colours chosen on this device, before anything is drawn.
applyTheme();
await use(preferred());
chrome();
window.addEventListener("hashchange", () => void route());
void route();

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  // A click on a turn notification while this tab is open: the service worker names the game.
  navigator.serviceWorker.addEventListener("message", (e) => {
    const m = /** @type {{type?: unknown, hash?: unknown} | null} */ (e.data);
    if (m && m.type === "open" && typeof m.hash === "string" && m.hash.startsWith("#/")) location.hash = m.hash;
  });
  void tellWorker();
}
