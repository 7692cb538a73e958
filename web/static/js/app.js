// The web client's entry: the language (i18n.js), the header with its language switch, the
// router over `location.hash` (#/, #/signin, #/account, #/game/<id>, #/audit/<id>) and the
// account screens. Screens live in their modules.

import { ApiError, changePassword, session, signIn, signOut, signUp } from "./api.js";
import { showAudit } from "./audit.js";
import { h, replace } from "./dom.js";
import { choose, preferred, t, use } from "./i18n.js";
import { leaveLobby, showLobby } from "./lobby.js";
import { leaveTable, showTable } from "./table.js";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
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
      ? [h("a", { href: "#/signin" }, t.signIn), languageSwitch()]
      : [
          h("a", { href: "#/" }, t.lobby),
          h("a", { href: "#/account", "aria-label": t.accountOf(s.username) }, s.username),
          h(
            "button",
            {
              type: "button",
              onclick: async () => {
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
  leaveTable();
  leaveLobby();
  header();
  const hash = location.hash.replace(/^#/, "") || "/";
  const parts = hash.split("/").filter((p) => p !== "");
  if (session() === null && parts[0] !== "signin") {
    location.hash = "#/signin";
    return;
  }
  const [screen, id] = parts;
  if (screen === "signin") showSignIn();
  else if (screen === "account") showAccount();
  else if (screen === "game" && id) await showTable(main, id);
  else if (screen === "audit" && id) await showAudit(main, id);
  else await showLobby(main);
  // Keyboard and screen-reader users land on the new screen's heading.
  const title = main.querySelector("h1");
  if (title instanceof HTMLElement && document.activeElement === document.body) {
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}

/** @param {unknown} e */
function problemText(e) {
  return e instanceof ApiError || e instanceof Error ? e.message : String(e);
}

/**
 * A form of labelled fields; `submit` gets the values and may throw to show the problem.
 * @param {string} title
 * @param {string} id
 * @param {{name: string, label: string, type: string, autocomplete: string}[]} fields
 * @param {string} button
 * @param {(values: Record<string, string>) => Promise<void>} submit
 */
function form(title, id, fields, button, submit) {
  const error = h("p", { class: "form-error", role: "alert", id: `${id}-error` });
  const f = h(
    "form",
    { class: "card-form", "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title),
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

function showSignIn() {
  document.title = t.pageTitle(t.signIn);
  const user = { name: "username", label: t.username, type: "text", autocomplete: "username" };
  replace(
    main,
    h(
      "section",
      { class: "auth", "aria-labelledby": "auth-title" },
      h("h1", { id: "auth-title" }, t.app),
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
            location.hash = "#/";
          },
        ),
        form(
          t.createAccountTitle,
          "signup",
          [user, { name: "password", label: t.newPasswordHint, type: "password", autocomplete: "new-password" }],
          t.createAccount,
          async (v) => {
            await signUp(v["username"] ?? "", v["password"] ?? "");
            location.hash = "#/";
          },
        ),
      ),
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
      ),
      done,
    ),
  );
}

await use(preferred());
chrome();
window.addEventListener("hashchange", () => void route());
void route();

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}
