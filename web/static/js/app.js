// The web client's entry: the header, the router over `location.hash` (#/, #/signin,
// #/account, #/game/<id>, #/audit/<id>) and the account screens. Screens live in their modules.

import { ApiError, changePassword, session, signIn, signOut, signUp } from "./api.js";
import { showAudit } from "./audit.js";
import { h, replace } from "./dom.js";
import { leaveLobby, showLobby } from "./lobby.js";
import { leaveTable, showTable } from "./table.js";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const nav = /** @type {HTMLElement} */ (document.getElementById("nav"));

function header() {
  const s = session();
  replace(
    nav,
    s === null
      ? h("a", { href: "#/signin" }, "Sign in")
      : [
          h("a", { href: "#/" }, "Lobby"),
          h("a", { href: "#/account", "aria-label": `Account of ${s.username}` }, s.username),
          h(
            "button",
            {
              type: "button",
              onclick: async () => {
                await signOut().catch(() => {});
                location.hash = "#/signin";
              },
            },
            "Sign out",
          ),
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
  document.title = "Sign in — Lords of Scotland";
  const user = { name: "username", label: "Username", type: "text", autocomplete: "username" };
  replace(
    main,
    h(
      "section",
      { class: "auth", "aria-labelledby": "auth-title" },
      h("h1", { id: "auth-title" }, "Lords of Scotland"),
      h("p", {}, "Rally the clans, win the Supporters. Sign in or create an account to play."),
      h(
        "div",
        { class: "forms" },
        form(
          "Sign in",
          "signin",
          [user, { name: "password", label: "Password", type: "password", autocomplete: "current-password" }],
          "Sign in",
          async (v) => {
            await signIn(v["username"] ?? "", v["password"] ?? "");
            location.hash = "#/";
          },
        ),
        form(
          "Create an account",
          "signup",
          [user, { name: "password", label: "Password (8 or more characters)", type: "password", autocomplete: "new-password" }],
          "Create account",
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
  document.title = "Account — Lords of Scotland";
  const done = h("p", { role: "status" });
  replace(
    main,
    h(
      "section",
      { class: "account", "aria-labelledby": "account-title" },
      h("h1", { id: "account-title" }, `Account: ${s?.username ?? ""}`),
      form(
        "Change password",
        "password",
        [
          { name: "current", label: "Current password", type: "password", autocomplete: "current-password" },
          { name: "next", label: "New password", type: "password", autocomplete: "new-password" },
        ],
        "Change password",
        async (v) => {
          await changePassword(v["current"] ?? "", v["next"] ?? "");
          done.textContent = "Password changed. Your other sessions are signed out.";
        },
      ),
      done,
    ),
  );
}

window.addEventListener("hashchange", () => void route());
void route();

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}
