// The signed receipts this browser was given, kept in IndexedDB for the audit page: every answer
// that shows a seated player a version of their game carries one (the view, an action's and a
// resignation's answer, a `your_turn` notification), and once the game is over the audit page
// checks each against the game's record (docs/audit.md, "The audit page"). Keeping never blocks
// the page and never fails it: a browser without IndexedDB, or one that refuses it, keeps none.
// Depends on nothing but the generated types; api.js and lobby.js import it when a receipt
// arrives, audit.js to read them.

/** @typedef {import("./types.js").Receipt} Receipt */

/**
 * A receipt as kept: whose it is (the account's username), which game, and when it arrived.
 * @typedef {Receipt & {account: string, game: string, received_at: string}} KeptReceipt
 */

const DB = "lords-receipts";
const STORE = "receipts";
const BY_GAME = "by_game";

/** @type {Promise<IDBDatabase | null> | null} */
let opening = null;

/** @returns {Promise<IDBDatabase | null>} the database, or null where there is none */
function open() {
  opening ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => {
        // One receipt per version and commitment: the same receipt given twice is kept once,
        // and a second, different commitment to the same version (which alone shows two
        // histories) is kept beside the first.
        const store = req.result.createObjectStore(STORE, { keyPath: ["account", "game", "version", "commitment"] });
        store.createIndex(BY_GAME, ["account", "game"]);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/**
 * @template T
 * @param {IDBRequest<T>} req
 * @returns {Promise<T>}
 */
function done(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Whether `x` has a receipt's shape (a server's answer is read as it comes).
 * @param {unknown} x
 * @returns {x is Receipt}
 */
export function isReceipt(x) {
  if (x === null || typeof x !== "object") return false;
  const r = /** @type {Record<string, unknown>} */ (x);
  return typeof r["version"] === "number" && typeof r["commitment"] === "string" && typeof r["signature"] === "string";
}

/**
 * Keeps `receipt` of `game` for `account`; resolves once it is written, or not, never rejects.
 * @param {string} account
 * @param {string} game
 * @param {Receipt} receipt
 * @returns {Promise<void>}
 */
export async function keepReceipt(account, game, receipt) {
  try {
    const db = await open();
    if (db === null) return;
    /** @type {KeptReceipt} */
    const kept = {
      account,
      game,
      version: receipt.version,
      commitment: receipt.commitment,
      signature: receipt.signature,
      received_at: new Date().toISOString(),
    };
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    // The first copy stays: its arrival is the one that counts.
    const key = [account, game, receipt.version, receipt.commitment];
    if ((await done(store.getKey(key))) === undefined) await done(store.add(kept));
  } catch {
    // Not kept: the audit page will hold one receipt fewer.
  }
}

/**
 * The receipts `account` keeps of `game`, by version.
 * @param {string} account
 * @param {string} game
 * @returns {Promise<KeptReceipt[]>}
 */
export async function receiptsOf(account, game) {
  const db = await open();
  if (db === null) return [];
  const index = db.transaction(STORE, "readonly").objectStore(STORE).index(BY_GAME);
  const all = /** @type {KeptReceipt[]} */ (await done(index.getAll([account, game])));
  return all.sort((a, b) => a.version - b.version);
}

/**
 * Forgets every receipt of `account` (its account deleted: a new one may take the name).
 * @param {string} account
 * @returns {Promise<void>}
 */
export async function forgetReceipts(account) {
  try {
    const db = await open();
    if (db === null) return;
    const store = db.transaction(STORE, "readwrite").objectStore(STORE);
    const range = IDBKeyRange.bound([account], [account, []]);
    await done(store.delete(range));
  } catch {
    // Nothing to forget, or nothing can be.
  }
}
