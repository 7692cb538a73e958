// What the first-game guide remembers for the signed-in account, on the server (`GET /v1/me`'s
// `hints`, `PUT /v1/me/hints`): hints off, the hints dismissed, the guide's games. Small: the
// guide itself (guide.js) is imported only when a guide game's table is drawn.

import { call, session } from "./api.js";

/** @typedef {import("./types.js").Hints} Hints */
/** @typedef {import("./types.js").MeDto} MeDto */
/** @typedef {import("./table/state.js").TableState} TableState */

/** The most guide games kept (the server takes 50). */
const MAX_GAMES = 20;

/** @type {{user: string, doc: Promise<Hints>} | null} */
let cached = null;

/** The account's hints document, read once per signed-in account. */
export function hints() {
  const user = session()?.username ?? "";
  if (cached === null || cached.user !== user) {
    const doc = /** @type {Promise<MeDto>} */ (call("GET", "/v1/me")).then((me) => me.hints);
    cached = { user, doc };
    doc.catch(() => {
      if (cached?.doc === doc) cached = null;
    });
  }
  return cached.doc;
}

/**
 * Saves `doc` (the whole document) and keeps it.
 * @param {Hints} doc
 */
export async function saveHints(doc) {
  const saved = /** @type {Hints} */ (await call("PUT", "/v1/me/hints", { body: doc }));
  cached = { user: session()?.username ?? "", doc: Promise.resolve(saved) };
  return saved;
}

/**
 * Marks `game` as a guide game ("Learn by playing"): its table shows hints.
 * @param {string} game
 */
export async function addGuideGame(game) {
  const doc = await hints().catch(() => ({ off: false, dismissed: [], games: [] }));
  const games = [...(doc.games ?? []).filter((g) => g !== game), game].slice(-MAX_GAMES);
  return saveHints({ ...doc, off: false, games });
}

/**
 * After each render of a table: on a guide game with hints on, the guide's hint for what is on
 * screen (guide.js, loaded the first time it is needed).
 * @param {TableState} st
 */
export async function guideFor(st) {
  const doc = await hints().catch(() => null);
  if (doc === null || doc.off || !(doc.games ?? []).includes(st.id)) return;
  (await import("./guide.js")).hint(st, doc, saveHints);
}
