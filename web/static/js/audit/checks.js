// What the audit page proves, recomputed with WebCrypto from a finished game's record and the
// log's public key; no rules, no DOM. Three checks, each the server's own definition
// (docs/audit.md):
// - the hash chain: every event's hash is SHA-256(previous hash ‖ payload) (src/eventstore/chain.rs)
//   and every shuffle matches the commitment published before it was dealt from,
//   SHA-256(order as one byte per card ‖ salt);
// - the log: the game's leaf, recomputed from the record's head, leads by its inclusion path to
//   the root of a tree head the log's key signed (RFC 9162 §2.1.3.2; src/proofs);
// - the receipts: each one kept in this browser commits to the record's history at its version,
//   SHA-256("lords-head-v1\0" ‖ salt ‖ hash of that event), and is signed by the log's key.

/** @typedef {import("../types.js").EventDto} EventDto */
/** @typedef {import("../types.js").GameRecord} GameRecord */
/** @typedef {import("../types.js").RecordInclusion} RecordInclusion */
/** @typedef {import("../types.js").Receipt} Receipt */

const utf8 = new TextEncoder();
const GENESIS = "0".repeat(64);

/** @param {string} hex */
export function fromHex(hex) {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`not hex: ${hex.slice(0, 16)}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @param {ArrayBuffer | Uint8Array} buf */
function toHex(buf) {
  return Array.from(buf instanceof Uint8Array ? buf : new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {string} b64 */
export function fromBase64(b64) {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** @param {Uint8Array[]} parts */
function concat(...parts) {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** @param {Uint8Array[]} parts */
async function sha256(...parts) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", concat(...parts)));
}

/** @param {number} n a u64 as 8 bytes, big-endian */
function u64(n) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(n));
  return out;
}

/** @param {string} uuid its 16 bytes */
function uuidBytes(uuid) {
  return fromHex(uuid.replace(/-/g, ""));
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** @typedef {keyof import("../i18n/en.js").Messages["audit"]["why"]} Why */

/**
 * The first event that does not check out, or null (`why` names the catalogue's reason). Takes
 * a record's events or the `/events` pages of a finished game.
 * @param {{seq: number, event: EventDto["event"], hash: string | null, prev_hash: string | null}[]} events
 * @returns {Promise<{seq: number, why: Why} | null>}
 */
export async function firstBad(events) {
  let prev = GENESIS;
  let seq = 0;
  for (const e of events) {
    seq++;
    if (e.seq !== seq) return { seq, why: "missing" };
    if (e.hash === null || e.prev_hash === null) return { seq, why: "noHash" };
    if (e.prev_hash !== prev) return { seq, why: "noLink" };
    // The payload is the event's JSON as stored: the server writes and serves it in one order.
    const hash = toHex(await sha256(fromHex(prev), utf8.encode(JSON.stringify(e.event))));
    if (hash !== e.hash) return { seq, why: "badHash" };
    if (e.event.type === "deck_shuffled") {
      const { order, salt, commitment } = e.event;
      if (order === null || salt === null) return { seq, why: "notRevealed" };
      if (order.length !== e.event.size) return { seq, why: "wrongSize" };
      if (toHex(await sha256(Uint8Array.from(order), fromHex(salt))) !== commitment) {
        return { seq, why: "badCommitment" };
      }
    }
    prev = e.hash;
  }
  return null;
}

/**
 * The record's chain: its first bad event, or its head not being its last event (then `seq` is
 * the head's version).
 * @param {GameRecord} record
 * @returns {Promise<{seq: number, why: Why} | null>}
 */
export async function chainOf(record) {
  const bad = await firstBad(record.events);
  if (bad !== null) return bad;
  const last = record.events[record.events.length - 1];
  const hash = last?.hash ?? GENESIS;
  if (record.head.version !== record.events.length || record.head.hash !== hash) {
    return { seq: record.head.version, why: "badHead" };
  }
  return null;
}

/**
 * The log's key, ready to verify.
 * @param {string} publicKey base64 of the 32 raw bytes
 */
export function importKey(publicKey) {
  return crypto.subtle.importKey("raw", fromBase64(publicKey), { name: "Ed25519" }, false, ["verify"]);
}

/**
 * @param {CryptoKey} key
 * @param {string} signature base64
 * @param {BufferSource} message
 */
async function signed(key, signature, message) {
  try {
    return await crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64(signature), message);
  } catch {
    return false;
  }
}

/**
 * RFC 9162 §2.1.3.2: the root that `path` leads to from the leaf hash `hash` at `index` in a
 * tree of `size` leaves, or null when the path cannot be one (too long, too short).
 * @param {number} index
 * @param {number} size
 * @param {Uint8Array} hash
 * @param {Uint8Array[]} path
 */
export async function rootFrom(index, size, hash, path) {
  if (index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = hash;
  const node = Uint8Array.of(1);
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(node, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await sha256(node, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/**
 * @typedef {{state: "ok", size: number, index: number, timestamp: number}
 *   | {state: "pending"}
 *   | {state: "bad", why: "proof" | "signature"}} LogCheck
 */

/**
 * Whether the record's game is in the log: its leaf (from the record's head), its inclusion
 * path to the signed head's root, and that head's signature under `key`.
 * @param {GameRecord} record
 * @param {CryptoKey} key
 * @returns {Promise<LogCheck>}
 */
export async function logOf(record, key) {
  const t = record.transparency;
  if (t === null) return { state: "pending" };
  const sth = t.sth;
  try {
    const leafInput = concat(
      utf8.encode("lords-game-v1\0"),
      uuidBytes(record.game_id),
      u64(record.head.version),
      fromHex(record.head.hash),
    );
    const leaf = await sha256(Uint8Array.of(0), leafInput);
    const root = await rootFrom(t.leaf_index, sth.tree_size, leaf, t.inclusion_path.map(fromBase64));
    if (root === null || !same(root, fromBase64(sth.root_hash))) return { state: "bad", why: "proof" };
    const head = concat(utf8.encode("lords-sth-v1\0"), u64(sth.tree_size), u64(sth.timestamp), fromBase64(sth.root_hash));
    if (!(await signed(key, sth.signature, head))) return { state: "bad", why: "signature" };
  } catch {
    // A field that is not what it says (not hex, not base64, not a size): no proof.
    return { state: "bad", why: "proof" };
  }
  return { state: "ok", size: sth.tree_size, index: t.leaf_index, timestamp: sth.timestamp };
}

/**
 * @typedef {{state: "ok", count: number}
 *   | {state: "none"}
 *   | {state: "bad", version: number, why: "history" | "signature" | "noSalt"}} ReceiptsCheck
 */

/**
 * Whether every receipt kept of the record's game commits to the record's history at its
 * version (a version the record never reached is another history) and is signed by `key`; the
 * first that does not is named.
 * @param {GameRecord} record
 * @param {Receipt[]} receipts
 * @param {CryptoKey} key
 * @returns {Promise<ReceiptsCheck>}
 */
export async function receiptsMatch(record, receipts, key) {
  if (receipts.length === 0) return { state: "none" };
  const game = uuidBytes(record.game_id);
  for (const r of [...receipts].sort((a, b) => a.version - b.version)) {
    if (record.salt === null) return { state: "bad", version: r.version, why: "noSalt" };
    try {
      const at = r.version === 0 ? GENESIS : record.events[r.version - 1]?.hash;
      const commitment =
        at === undefined ? null : toHex(await sha256(utf8.encode("lords-head-v1\0"), fromHex(record.salt), fromHex(at)));
      if (commitment !== r.commitment.toLowerCase()) return { state: "bad", version: r.version, why: "history" };
      const message = concat(utf8.encode("lords-receipt-v1\0"), game, u64(r.version), fromHex(r.commitment));
      if (!(await signed(key, r.signature, message))) return { state: "bad", version: r.version, why: "signature" };
    } catch {
      // A salt or a hash that is not hex: not the history this receipt commits to.
      return { state: "bad", version: r.version, why: "history" };
    }
  }
  return { state: "ok", count: receipts.length };
}
