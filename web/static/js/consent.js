// The OAuth consent page: the server serves the client at `/oauth/authorize?…` (the
// authorization endpoint, RFC 6749 §3.1) and app.js shows this screen there. The request is
// checked by the server first (`GET /v1/oauth/consent`, public): an invalid one is said in words
// and never redirected to; one refused with an error for the app (`redirect_error`) is said in
// words with a link back to the app, never followed without a click. Then,
// signed in, the app's self-chosen name, where it sends the person and the scopes in words, with
// Approve and Deny (`POST /v1/oauth/authorizations`), after which the browser goes where the
// server says. Loaded with `import()` only on that path. Depends on api.js, dom.js, i18n.js
// and tokens.js (the scopes' words).

import { ApiError, call, session } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { scopeWords } from "./tokens.js";

/** @typedef {import("./types.js").Consent} Consent */
/** @typedef {import("./types.js").AuthorizationRedirect} AuthorizationRedirect */

/** The path the server serves the consent page at. */
export const AUTHORIZE_PATH = "/oauth/authorize";

/** The authorization request's parameters, passed on as they came. */
const PARAMS = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"];

/**
 * The consent screen for the request in `location.search`.
 * @param {HTMLElement} main
 * @param {() => void} signInFirst shows the sign-in screen, coming back here once signed in
 */
export async function showConsent(main, signInFirst) {
  document.title = t.pageTitle(t.consent.title);
  replace(main, h("p", { role: "status" }, t.loading));
  /** @type {Consent} */
  let consent;
  try {
    consent = /** @type {Consent} */ (await call("GET", `/v1/oauth/consent${location.search}`, { auth: false }));
  } catch (e) {
    invalid(main, e);
    return;
  }
  // RFC 6749 §4.1.2.1 tells the app of this error at its redirect URI; but that URI is
  // registered nowhere, so it is not trusted: the person is offered it, never sent there
  // without a click (RFC 9700 §4.11.2, the authorization server as an open redirector).
  if (consent.redirect_error) {
    refused(main, consent, consent.redirect_error);
    return;
  }
  const s = session();
  if (s === null) {
    signInFirst();
    return;
  }
  const query = new URLSearchParams(location.search);
  const problem = h("p", { class: "form-error", role: "alert", id: "consent-problem" });
  /** @param {boolean} approve */
  const answer = async (approve) => {
    problem.textContent = "";
    /** @type {Record<string, string | boolean>} */
    const body = { approve };
    for (const p of PARAMS) {
      const v = query.get(p);
      if (v !== null) body[p] = v;
    }
    for (const b of buttons) b.setAttribute("disabled", "");
    try {
      const r = /** @type {AuthorizationRedirect} */ (await call("POST", "/v1/oauth/authorizations", { body }));
      location.assign(r.redirect_to);
    } catch (e) {
      for (const b of buttons) b.removeAttribute("disabled");
      problem.textContent = e instanceof Error ? e.message : String(e);
      if (e instanceof ApiError) problem.dataset["code"] = e.code;
    }
  };
  const buttons = [
    h("button", { type: "button", class: "primary", onclick: () => void answer(true) }, t.consent.approve),
    h("button", { type: "button", onclick: () => void answer(false) }, t.consent.deny),
  ];
  replace(
    main,
    h(
      "section",
      { class: "card-form consent", "aria-labelledby": "consent-title" },
      h("h1", { id: "consent-title" }, t.consent.question(consent.client_id)),
      h("p", { class: "meta" }, t.consent.signedInAs(s.username)),
      h("p", { class: "notice" }, t.consent.selfNamed),
      h("p", { class: "redirect" }, t.consent.sendsTo(consent.redirect_origin)),
      h("p", { id: "consent-wants" }, t.consent.wants),
      h(
        "ul",
        { class: "scopes", "aria-labelledby": "consent-wants" },
        consent.scopes.map((s) => h("li", {}, scopeWords(s.scope, s.description), " ", h("code", {}, s.scope))),
      ),
      h("p", {}, t.consent.revokeLater),
      h("div", { class: "consent-buttons" }, buttons),
      problem,
    ),
  );
}

/**
 * A request the server refused with an error for the app (`redirect_error`): said in words,
 * with a link back to the app that the person may follow or not.
 * @param {HTMLElement} main
 * @param {Consent} consent
 * @param {string} to
 */
function refused(main, consent, to) {
  document.title = t.pageTitle(t.consent.refusedTitle);
  replace(
    main,
    h(
      "section",
      { class: "card-form consent", "aria-labelledby": "consent-title" },
      h("h1", { id: "consent-title" }, t.consent.refusedTitle),
      h("p", { id: "consent-refused" }, t.consent.refused(consent.client_id)),
      h("p", {}, h("a", { href: to, rel: "noreferrer", class: "button", id: "consent-back-to-app" }, t.consent.backToApp(consent.redirect_origin))),
      h("p", {}, h("a", { href: "/#/", class: "button" }, t.consent.backToLobby)),
    ),
  );
}

/**
 * A request the server refused (422 `invalid_request`, or anything else): said in words, with
 * the server's sentence naming what is wrong; nothing is redirected.
 * @param {HTMLElement} main
 * @param {unknown} e
 */
function invalid(main, e) {
  document.title = t.pageTitle(t.consent.invalidTitle);
  const why = h("p", { class: "form-error", role: "alert", id: "consent-invalid" }, e instanceof Error ? e.message : String(e));
  if (e instanceof ApiError) why.dataset["code"] = e.code;
  replace(
    main,
    h(
      "section",
      { class: "card-form consent", "aria-labelledby": "consent-title" },
      h("h1", { id: "consent-title" }, t.consent.invalidTitle),
      h("p", {}, t.consent.invalid),
      why,
      h("p", {}, h("a", { href: "/#/", class: "button" }, t.consent.backToLobby)),
    ),
  );
}
