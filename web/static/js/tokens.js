// "Apps and tokens" (#/tokens): the account's personal access tokens (`POST`/`GET`
// /v1/me/tokens, `DELETE /v1/me/tokens/{id}`), a new one shown once with "Copy token", and the
// apps it allowed through OAuth (`GET /v1/me/authorizations`, `DELETE
// /v1/me/authorizations/{id}`). Revoking asks first. Refusals read as the catalogue's sentence
// for their code, else as the server's. Loaded with `import()` when the screen is opened.
// Depends on api.js, dom.js, format.js and i18n.js only.

import { ApiError, call } from "./api.js";
import { h, replace } from "./dom.js";
import { dateTime } from "./format.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Scope} Scope */
/** @typedef {import("./types.js").PersonalToken} PersonalToken */
/** @typedef {import("./types.js").CreatedPersonalToken} CreatedPersonalToken */
/** @typedef {import("./types.js").PersonalTokenList} PersonalTokenList */
/** @typedef {import("./types.js").Authorization} Authorization */
/** @typedef {import("./types.js").AuthorizationList} AuthorizationList */

/** The scopes a person's token may hold, in the form's order (`bot:play` is a bot's alone). */
const OFFERED = /** @type {const} */ (["account:read", "game:read", "game:play", "lobby:write", "notifications:write"]);

/**
 * A scope in words; `otherwise` (the server's English description) when the catalogue lacks it.
 * @param {string} scope
 * @param {string} [otherwise]
 */
export function scopeWords(scope, otherwise = scope) {
  return /** @type {Record<string, string>} */ (t.scopes)[scope] ?? otherwise;
}

/**
 * A refusal in words: the catalogue's sentence for its code, else the problem's own.
 * @param {unknown} e
 */
function problemWords(e) {
  if (e instanceof ApiError) {
    const known = /** @type {Record<string, string>} */ (t.tokens.problems)[e.code];
    if (known !== undefined) return known;
  }
  return e instanceof Error ? e.message : String(e);
}

/**
 * Shows a refusal in `where`, its code kept for tests and styles.
 * @param {HTMLElement} where
 * @param {unknown} e
 */
function refusal(where, e) {
  where.textContent = problemWords(e);
  if (e instanceof ApiError) where.dataset["code"] = e.code;
  else delete where.dataset["code"];
}

/** @param {HTMLElement} where */
function clear(where) {
  where.textContent = "";
  delete where.dataset["code"];
}

/**
 * The scopes as a list of their words, each with its name for those who script.
 * @param {string[]} scopes
 */
function scopeList(scopes) {
  return h(
    "ul",
    { class: "scopes" },
    scopes.map((s) => h("li", {}, scopeWords(s), " ", h("code", {}, s))),
  );
}

/**
 * A term and its value, for the facts of a token or an app.
 * @param {string} term
 * @param {string} value
 */
function fact(term, value) {
  return h("div", {}, h("dt", {}, term), h("dd", {}, value));
}

/**
 * "Revoke": asks first (the question as an alert dialog, focus on "Keep it", Escape keeps),
 * then `revoke`; `where` holds the button and the question in turn.
 * @param {HTMLElement} where
 * @param {string} label the button's accessible name
 * @param {string} question
 * @param {() => Promise<void>} revoke
 */
function revokeButton(where, label, question, revoke) {
  const problem = h("p", { class: "form-error", role: "alert" });
  const button = () =>
    h(
      "button",
      { type: "button", class: "danger", "aria-label": label, onclick: ask },
      t.tokens.revokeYes,
    );
  const closed = (/** @type {boolean} */ focus) => {
    const b = button();
    replace(where, b);
    if (focus) b.focus();
  };
  function ask() {
    const id = `q-${Math.random().toString(36).slice(2)}`;
    const keep = h("button", { type: "button", onclick: () => closed(true) }, t.tokens.revokeNo);
    const box = h(
      "div",
      {
        class: "confirm",
        role: "alertdialog",
        "aria-labelledby": id,
        onkeydown: (/** @type {KeyboardEvent} */ e) => {
          if (e.key === "Escape") closed(true);
        },
      },
      h("p", { id }, question),
      h(
        "button",
        {
          type: "button",
          class: "danger",
          onclick: async () => {
            clear(problem);
            try {
              await revoke();
            } catch (e) {
              refusal(problem, e);
            }
          },
        },
        t.tokens.revokeYes,
      ),
      keep,
      problem,
    );
    replace(where, box);
    keep.focus();
  }
  closed(false);
}

/**
 * The screen.
 * @param {HTMLElement} main
 */
export async function showTokens(main) {
  document.title = t.pageTitle(t.tokens.title);
  const announce = h("p", { role: "status", id: "tokens-status" });
  const tokens = h("section", { class: "card-form personal-tokens", "aria-labelledby": "personal-title" });
  const apps = h("section", { class: "card-form apps", "aria-labelledby": "apps-title" });
  replace(
    main,
    h(
      "section",
      { class: "tokens", "aria-labelledby": "tokens-title" },
      h("h1", { id: "tokens-title" }, t.tokens.title),
      h("p", {}, t.tokens.intro),
      announce,
      tokens,
      apps,
      h("p", {}, h("a", { href: "#/settings" }, t.settings.toSettings)),
    ),
  );
  const list = h("div", { class: "token-list" });
  const fresh = h("div", { class: "fresh-token" });
  replace(
    tokens,
    h("h2", { id: "personal-title" }, t.tokens.personalTitle),
    h("p", {}, t.tokens.personalIntro),
    createForm(fresh, () => loadTokens(list, announce)),
    fresh,
    list,
  );
  const appList = h("div", { class: "app-list" });
  replace(apps, h("h2", { id: "apps-title" }, t.tokens.appsTitle), h("p", {}, t.tokens.appsIntro), appList);
  await Promise.all([loadTokens(list, announce), loadApps(appList, announce)]);
}

/**
 * The form that creates a token; the new one goes to `fresh`, then the list is read again.
 * @param {HTMLElement} fresh
 * @param {() => Promise<void>} reload
 */
function createForm(fresh, reload) {
  const problem = h("p", { class: "form-error", role: "alert", id: "create-token-problem" });
  const name = h("input", { name: "name", type: "text", maxlength: 64, required: true, autocomplete: "off", "aria-describedby": "create-token-problem" });
  const days = h("input", { name: "expires_in_days", type: "number", min: 1, max: 365, value: 90, "aria-describedby": "create-token-problem" });
  const f = h(
    "form",
    { class: "create-token", "aria-labelledby": "create-token-title" },
    h("h3", { id: "create-token-title" }, t.tokens.create),
    h("label", {}, t.tokens.name, name),
    h(
      "fieldset",
      { class: "scope-choice" },
      h("legend", {}, t.tokens.scopesLegend),
      OFFERED.map((s) =>
        h("label", { class: "check" }, h("input", { type: "checkbox", name: "scopes", value: s }), h("span", {}, scopeWords(s), " ", h("code", {}, s))),
      ),
    ),
    h("label", {}, t.tokens.expiry, days),
    h("button", { type: "submit", class: "primary" }, t.tokens.create),
    problem,
  );
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clear(problem);
    const data = new FormData(/** @type {HTMLFormElement} */ (f));
    const expiry = String(data.get("expires_in_days") ?? "").trim();
    // The server decides what is valid (an empty choice of scopes is its `invalid_scope`).
    const body = {
      name: String(data.get("name") ?? "").trim(),
      scopes: data.getAll("scopes").map(String),
      expires_in_days: expiry === "" ? null : Number(expiry),
    };
    try {
      const made = /** @type {CreatedPersonalToken} */ (await call("POST", "/v1/me/tokens", { body }));
      // Ready for another: no name, nothing ticked (the expiry stays as it was).
      /** @type {HTMLInputElement} */ (name).value = "";
      for (const box of f.querySelectorAll('input[name="scopes"]')) /** @type {HTMLInputElement} */ (box).checked = false;
      showOnce(fresh, made);
      await reload();
    } catch (e) {
      refusal(problem, e);
    }
  });
  return f;
}

/**
 * The new token, shown this once: a read-only field, "Copy token" and the warning.
 * @param {HTMLElement} fresh
 * @param {CreatedPersonalToken} made
 */
function showOnce(fresh, made) {
  const copied = h("span", { role: "status", class: "copied" });
  const field = /** @type {HTMLInputElement} */ (
    h("input", { id: "new-token", type: "text", readonly: true, value: made.token, spellcheck: "false", autocomplete: "off", "aria-describedby": "new-token-warning" })
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.token);
      copied.textContent = t.tokens.copied;
    } catch {
      field.select();
      copied.textContent = t.tokens.copyByHand;
    }
  };
  replace(
    fresh,
    h(
      "section",
      { class: "new-token", "aria-labelledby": "new-token-title" },
      h("h3", { id: "new-token-title" }, t.tokens.newTitle),
      h("p", {}, t.tokens.newIntro(made.name)),
      h("p", { class: "notice", id: "new-token-warning" }, t.tokens.warning),
      h("label", { for: "new-token" }, t.tokens.tokenField),
      field,
      h(
        "div",
        { class: "copy" },
        h("button", { type: "button", class: "primary", onclick: () => void copy() }, t.tokens.copy),
        h("button", { type: "button", onclick: () => replace(fresh) }, t.tokens.done),
        copied,
      ),
    ),
  );
  field.focus();
  field.select();
}

/**
 * Reads the tokens into `list`.
 * @param {HTMLElement} list
 * @param {HTMLElement} announce
 */
async function loadTokens(list, announce) {
  /** @type {PersonalTokenList} */
  let doc;
  try {
    doc = /** @type {PersonalTokenList} */ (await call("GET", "/v1/me/tokens"));
  } catch (e) {
    replace(list, h("p", { class: "form-error", role: "alert" }, t.tokens.unavailable(problemWords(e))));
    return;
  }
  if (doc.tokens.length === 0) {
    replace(list, h("p", { class: "empty" }, t.tokens.none));
    return;
  }
  replace(
    list,
    h(
      "ul",
      { class: "grants", "aria-label": t.tokens.personalTitle },
      doc.tokens.map((token) => {
        const revoke = h("div", { class: "revoke" });
        revokeButton(revoke, t.tokens.revokeToken(token.name), t.tokens.revokeTokenQuestion(token.name), async () => {
          await call("DELETE", `/v1/me/tokens/${encodeURIComponent(token.id)}`);
          announce.textContent = t.tokens.tokenRevoked(token.name);
          await loadTokens(list, announce);
          focusHeading("personal-title");
        });
        return h(
          "li",
          { class: "grant", "data-token": token.id },
          h("h3", {}, token.name),
          scopeList(token.scopes),
          h(
            "dl",
            { class: "facts" },
            fact(t.tokens.created, dateTime(token.created_at)),
            fact(t.tokens.expires, token.expires_at == null ? t.tokens.never : dateTime(token.expires_at)),
            fact(t.tokens.lastUsed, token.last_used_at == null ? t.tokens.neverUsed : dateTime(token.last_used_at)),
          ),
          revoke,
        );
      }),
    ),
  );
}

/**
 * Reads the authorized apps into `list`.
 * @param {HTMLElement} list
 * @param {HTMLElement} announce
 */
async function loadApps(list, announce) {
  /** @type {AuthorizationList} */
  let doc;
  try {
    doc = /** @type {AuthorizationList} */ (await call("GET", "/v1/me/authorizations"));
  } catch (e) {
    replace(list, h("p", { class: "form-error", role: "alert" }, t.tokens.unavailable(problemWords(e))));
    return;
  }
  if (doc.authorizations.length === 0) {
    replace(list, h("p", { class: "empty" }, t.tokens.noApps));
    return;
  }
  replace(
    list,
    h(
      "ul",
      { class: "grants", "aria-label": t.tokens.appsTitle },
      doc.authorizations.map((app) => {
        const revoke = h("div", { class: "revoke" });
        revokeButton(revoke, t.tokens.revokeApp(app.client_id), t.tokens.revokeAppQuestion(app.client_id), async () => {
          await call("DELETE", `/v1/me/authorizations/${encodeURIComponent(app.id)}`);
          announce.textContent = t.tokens.appRevoked(app.client_id);
          await loadApps(list, announce);
          focusHeading("apps-title");
        });
        return h(
          "li",
          { class: "grant", "data-authorization": app.id },
          h("h3", {}, app.client_id),
          h("p", { class: "meta" }, t.tokens.redirectsTo(app.redirect_origin)),
          scopeList(app.scopes),
          h(
            "dl",
            { class: "facts" },
            fact(t.tokens.since, dateTime(app.created_at)),
            fact(t.tokens.lastUsed, app.last_used_at == null ? t.tokens.neverUsed : dateTime(app.last_used_at)),
          ),
          revoke,
        );
      }),
    ),
  );
}

/**
 * After a revocation the button is gone: the focus goes to its section's heading.
 * @param {string} id
 */
function focusHeading(id) {
  const title = document.getElementById(id);
  if (title === null) return;
  title.tabIndex = -1;
  title.focus();
}
