// The one module that talks to the server: `/v1` over fetch, the session (access + refresh
// token, kept in localStorage) and problem+json errors. A 401 refreshes the session once and
// retries; a failed refresh signs out. Every signed receipt an answer about a game carries is
// handed to receipts.js (loaded when the first one arrives) and kept for the audit page.

import { lang, t } from "./i18n.js";

/** @typedef {import("./types.js").Problem} Problem */
/** @typedef {import("./types.js").TokenResponse} TokenResponse */

const KEY = "lords.session";

/** @typedef {{username: string, access: string, refresh: string}} Session */

/** A refusal by the server, with its problem document. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {Problem | null} problem
   */
  constructor(status, problem) {
    super(problem ? problem.detail : t.httpError(status));
    this.status = status;
    this.problem = problem;
    /** The stable reason code ("http_<status>" when the answer was no problem document). */
    this.code = problem ? String(problem.code) : `http_${status}`;
  }
}

/** @returns {Session | null} */
export function session() {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const s = /** @type {Session} */ (JSON.parse(raw));
    return typeof s.access === "string" && typeof s.refresh === "string" ? s : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} username
 * @param {TokenResponse} t
 */
function keep(username, t) {
  localStorage.setItem(
    KEY,
    JSON.stringify({ username, access: t.access_token, refresh: t.refresh_token }),
  );
}

export function forget() {
  localStorage.removeItem(KEY);
}

/**
 * @typedef {object} CallOptions
 * @property {unknown} [body]
 * @property {Record<string, string>} [headers]
 * @property {boolean} [auth] send the access token (default true)
 * @property {AbortSignal} [signal]
 */

/**
 * One request; resolves with the JSON body (`null` for 204 and 304).
 * @param {string} method
 * @param {string} path
 * @param {CallOptions} [opts]
 * @returns {Promise<unknown>}
 */
export async function call(method, path, opts = {}) {
  const before = session();
  let res = await send(method, path, opts);
  if (res.status === 401 && opts.auth !== false && before !== null) {
    if (session()?.access !== before.access || (await refresh())) {
      // A new session (signed in again meanwhile, as after a password change, which ends the
      // old one at once) or a refreshed one: the same request again.
      res = await send(method, path, opts);
    } else if (session()?.access === before.access) {
      forget();
      location.hash = "#/signin";
    }
  }
  const body = await parse(res);
  noteReceipt(path, body);
  return body;
}

/** A game's own answers: its view (`?at=`, long polls), an action's and a resignation's. */
const GAME_ANSWER = /^\/v1\/games\/([0-9a-fA-F-]{36})(?:\/actions|\/resign)?(?:\?|$)/;

/**
 * Keeps the receipt an answer about a game carries (`null` for a spectator).
 * @param {string} path
 * @param {unknown} body
 */
function noteReceipt(path, body) {
  if (body === null || typeof body !== "object" || !("receipt" in body)) return;
  const game = GAME_ANSWER.exec(path)?.[1];
  if (game !== undefined) keepReceiptOf(game, body.receipt);
}

/**
 * Keeps a signed receipt of `game` given to the signed-in account, in the background
 * (receipts.js, loaded when the first one arrives); anything else is ignored.
 * @param {string} game
 * @param {unknown} receipt
 */
export function keepReceiptOf(game, receipt) {
  const account = session()?.username;
  if (account === undefined || receipt === null || receipt === undefined) return;
  void import("./receipts.js")
    .then((r) => (r.isReceipt(receipt) ? r.keepReceipt(account, game.toLowerCase(), receipt) : undefined))
    .catch(() => {});
}

/**
 * @param {string} method
 * @param {string} path
 * @param {CallOptions} opts
 */
function send(method, path, opts) {
  /** @type {Record<string, string>} */
  // Problems come back in the page's language (their `code` never changes).
  const headers = { Accept: "application/json", "Accept-Language": lang, ...opts.headers };
  const s = session();
  if (opts.auth !== false && s !== null) headers["Authorization"] = `Bearer ${s.access}`;
  /** @type {RequestInit} */
  const init = { method, headers, cache: "no-store" };
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(opts.body);
  }
  if (opts.signal) init.signal = opts.signal;
  return fetch(path, init);
}

/** @param {Response} res */
async function parse(res) {
  if (res.status === 204 || res.status === 304) return null;
  const type = res.headers.get("Content-Type") ?? "";
  const body = type.includes("json") ? await res.json() : null;
  if (!res.ok) throw new ApiError(res.status, type.includes("problem") ? body : null);
  return body;
}

/** @type {Promise<boolean> | null} */
let refreshing = null;

/** Trades the refresh token for a new pair (rotated); one at a time. */
function refresh() {
  refreshing ??= (async () => {
    const s = session();
    if (s === null) return false;
    try {
      const t = /** @type {TokenResponse} */ (
        await parse(await send("POST", "/v1/auth/refresh", {
          body: { refresh_token: s.refresh },
          auth: false,
        }))
      );
      keep(s.username, t);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * @param {string} username
 * @param {string} password
 */
export async function signIn(username, password) {
  const t = /** @type {TokenResponse} */ (
    await call("POST", "/v1/auth/token", { body: { username, password }, auth: false })
  );
  keep(username, t);
}

/**
 * @param {string} username
 * @param {string} password
 */
export async function signUp(username, password) {
  await call("POST", "/v1/accounts", { body: { username, password }, auth: false });
  await signIn(username, password);
}

/** Ends this session on the server (its refresh-token family) and here. */
export async function signOut() {
  const s = session();
  try {
    if (s !== null) await call("POST", "/v1/auth/logout", { body: { refresh_token: s.refresh } });
  } finally {
    forget();
  }
}

/**
 * Changes the password; the server ends every session, so sign in again with the new one.
 * @param {string} current
 * @param {string} next
 */
export async function changePassword(current, next) {
  const s = session();
  await call("POST", "/v1/me/password", {
    body: { current_password: current, new_password: next },
  });
  if (s !== null) await signIn(s.username, next);
}

/**
 * Deletes the account for good (its password confirms it); signed out here.
 * @param {string} password
 */
export async function deleteAccount(password) {
  await call("DELETE", "/v1/me", { body: { password } });
  forget();
}
