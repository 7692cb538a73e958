// The audit of a finished game, in the browser: every event's hash is recomputed,
// SHA-256(previous hash ‖ payload) (src/store/events.rs `chain_hash`), and every shuffle is
// checked against the commitment published before it was dealt from, SHA-256(order as one byte
// per card ‖ salt) (src/engine/rules `commitment`). WebCrypto only; no rules.

import { call } from "./api.js";
import { h, replace } from "./dom.js";

/** @typedef {import("./types.js").EventDto} EventDto */
/** @typedef {import("./types.js").EventPage} EventPage */

/** @param {string} hex */
function fromHex(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @param {ArrayBuffer} buf */
function toHex(buf) {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {Uint8Array[]} parts */
async function sha256(...parts) {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return toHex(await crypto.subtle.digest("SHA-256", all));
}

/**
 * The first event that does not check out, or null.
 * @param {EventDto[]} events
 * @returns {Promise<{seq: number, why: string} | null>}
 */
export async function firstBad(events) {
  const utf8 = new TextEncoder();
  let prev = "0".repeat(64);
  let seq = 0;
  for (const e of events) {
    seq++;
    if (e.seq !== seq) return { seq, why: "missing from the stream" };
    if (e.hash === null || e.prev_hash === null) return { seq, why: "has no hash" };
    if (e.prev_hash !== prev) return { seq, why: "does not link to the event before it" };
    // The payload is the event's JSON as stored: the server writes and serves it in one order.
    const hash = await sha256(fromHex(prev), utf8.encode(JSON.stringify(e.event)));
    if (hash !== e.hash) return { seq, why: "its hash does not match its content" };
    if (e.event.type === "deck_shuffled") {
      const { order, salt, commitment } = e.event;
      if (order === null || salt === null) return { seq, why: "its shuffle is not revealed" };
      if (order.length !== e.event.size) return { seq, why: "its shuffle has the wrong size" };
      if ((await sha256(Uint8Array.from(order), fromHex(salt))) !== commitment) {
        return { seq, why: "its shuffle does not match its commitment" };
      }
    }
    prev = e.hash;
  }
  return null;
}

/**
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function showAudit(main, id) {
  document.title = "Audit — Lords of Scotland";
  const verdict = h("p", { id: "verdict", role: "status", "data-verdict": "checking" }, "Checking…");
  const details = h("div", {});
  replace(
    main,
    h(
      "section",
      { class: "audit", "aria-labelledby": "audit-title" },
      h("h1", { id: "audit-title" }, `Audit of game ${id.slice(0, 8)}`),
      h(
        "p",
        {},
        "Your browser recomputes the hash chain of every event and every shuffle commitment from the game's events.",
      ),
      verdict,
      details,
      h("nav", { class: "links", "aria-label": "Audit links" }, h("a", { href: `#/game/${id}` }, "Back to the game"), h("a", { href: "#/" }, "Lobby")),
    ),
  );
  try {
    /** @type {EventDto[]} */
    const events = [];
    let after = 0;
    for (;;) {
      const page = /** @type {EventPage} */ (await call("GET", `/v1/games/${id}/events?after=${after}&limit=100`));
      if (!page.complete) {
        verdict.dataset["verdict"] = "unfinished";
        verdict.textContent = "The game is not over: its hashes and shuffles are revealed at the end.";
        return;
      }
      events.push(...page.events);
      if (page.next_after === null) break;
      after = page.next_after;
    }
    const bad = await firstBad(events);
    const shuffles = events.filter((e) => e.event.type === "deck_shuffled").length;
    if (bad === null) {
      verdict.dataset["verdict"] = "verified";
      verdict.textContent = `Verified: ${events.length} events chained, ${shuffles} shuffle${shuffles === 1 ? " matches its commitment" : "s match their commitments"}.`;
    } else {
      verdict.dataset["verdict"] = "bad";
      verdict.dataset["seq"] = String(bad.seq);
      verdict.textContent = `Not verified: event ${bad.seq} ${bad.why}.`;
    }
    const last = events[events.length - 1];
    replace(details, last ? h("p", { class: "meta" }, `Final hash: `, h("code", {}, last.hash ?? "")) : null);
  } catch (e) {
    verdict.dataset["verdict"] = "error";
    verdict.textContent = `The events could not be read: ${e instanceof Error ? e.message : e}`;
  }
}
