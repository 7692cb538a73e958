// The audit of a finished game, in the browser: every event's hash is recomputed,
// SHA-256(previous hash ‖ payload) (src/store/events.rs `chain_hash`), and every shuffle is
// checked against the commitment published before it was dealt from, SHA-256(order as one byte
// per card ‖ salt) (src/engine/rules `commitment`). WebCrypto only; no rules.

import { call } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

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

/** @typedef {keyof import("./i18n/en.js").Messages["why"]} Why */

/**
 * The first event that does not check out, or null (`why` names the catalogue's reason).
 * @param {EventDto[]} events
 * @returns {Promise<{seq: number, why: Why} | null>}
 */
export async function firstBad(events) {
  const utf8 = new TextEncoder();
  let prev = "0".repeat(64);
  let seq = 0;
  for (const e of events) {
    seq++;
    if (e.seq !== seq) return { seq, why: "missing" };
    if (e.hash === null || e.prev_hash === null) return { seq, why: "noHash" };
    if (e.prev_hash !== prev) return { seq, why: "noLink" };
    // The payload is the event's JSON as stored: the server writes and serves it in one order.
    const hash = await sha256(fromHex(prev), utf8.encode(JSON.stringify(e.event)));
    if (hash !== e.hash) return { seq, why: "badHash" };
    if (e.event.type === "deck_shuffled") {
      const { order, salt, commitment } = e.event;
      if (order === null || salt === null) return { seq, why: "notRevealed" };
      if (order.length !== e.event.size) return { seq, why: "wrongSize" };
      if ((await sha256(Uint8Array.from(order), fromHex(salt))) !== commitment) {
        return { seq, why: "badCommitment" };
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
  document.title = t.auditTitle;
  const verdict = h("p", { id: "verdict", role: "status", "data-verdict": "checking" }, t.checking);
  const details = h("div", {});
  replace(
    main,
    h(
      "section",
      { class: "audit", "aria-labelledby": "audit-title" },
      h("h1", { id: "audit-title" }, t.auditOf(id.slice(0, 8))),
      h("p", {}, t.auditIntro),
      verdict,
      details,
      h("nav", { class: "links", "aria-label": t.auditLinks }, h("a", { href: `#/game/${id}` }, t.backToGame), h("a", { href: "#/" }, t.lobby)),
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
        verdict.textContent = t.auditUnfinished;
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
      verdict.textContent = t.verified(events.length, shuffles);
    } else {
      verdict.dataset["verdict"] = "bad";
      verdict.dataset["seq"] = String(bad.seq);
      verdict.textContent = t.notVerified(bad.seq, t.why[bad.why]);
    }
    const last = events[events.length - 1];
    replace(details, last ? h("p", { class: "meta" }, t.finalHash, h("code", {}, last.hash ?? "")) : null);
  } catch (e) {
    verdict.dataset["verdict"] = "error";
    verdict.textContent = t.eventsNotRead(e instanceof Error ? e.message : String(e));
  }
}
