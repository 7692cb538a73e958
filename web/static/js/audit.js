// The audit page of a finished game (#/audit/<id>), loaded with `import()` only there: the
// game's record (`GET /v1/games/{id}/record`), the log's key (`GET /v1/transparency/key`) and
// the receipts this browser kept (receipts.js), checked in the browser (audit/checks.js): the
// hash chain and the shuffles, the game's place in the signed public log, and the receipts.
// The page opens with what it proves and what it cannot, in a player's words, and a link to
// docs/audit.md as the server serves it. Each check says what it found in one sentence; the
// first that fails is the verdict. No rules.

import { ApiError, call, session } from "./api.js";
import { chainOf, importKey, logOf, receiptsMatch } from "./audit/checks.js";
import { h, replace } from "./dom.js";
import { dateTime } from "./format.js";
import { t } from "./i18n.js";
import { receiptsOf } from "./receipts.js";

export { firstBad } from "./audit/checks.js";

/** @typedef {import("./types.js").GameRecord} GameRecord */
/** @typedef {import("./types.js").TransparencyKey} TransparencyKey */
/** @typedef {"ok" | "bad" | "pending" | "none"} Result */

/** docs/audit.md, as the server serves it. */
const AUDIT_DOC = "/docs/audit";

/**
 * One check's line: its result (a mark for the eye, `data-result` for tests) and its sentence.
 * @param {"chain" | "log" | "receipts"} check
 * @param {Result} result
 * @param {string} sentence
 */
function line(check, result, sentence) {
  const mark = result === "ok" ? "✓" : result === "bad" ? "✗" : "–";
  return h(
    "li",
    { "data-check": check, "data-result": result },
    h("span", { class: "mark", "aria-hidden": "true" }, mark),
    h("span", {}, sentence),
  );
}

/**
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function showAudit(main, id) {
  document.title = t.audit.title;
  const verdict = h("p", { id: "verdict", role: "status", "data-verdict": "checking" }, t.audit.checking);
  const checks = h("ul", { class: "checks", "aria-label": t.audit.checks });
  const details = h("div", { class: "details" });
  replace(
    main,
    h(
      "section",
      { class: "audit", "aria-labelledby": "audit-title" },
      h("h1", { id: "audit-title" }, t.audit.of(id.slice(0, 8))),
      h(
        "div",
        { class: "plain", id: "audit-plain" },
        h("p", {}, t.auditPlain.proven),
        h("p", {}, t.auditPlain.notProven),
        h("p", {}, h("a", { href: AUDIT_DOC, hreflang: "en" }, t.auditPlain.docs)),
      ),
      h("p", {}, t.audit.intro),
      verdict,
      checks,
      details,
      h("nav", { class: "links", "aria-label": t.audit.links }, h("a", { href: `#/game/${id}` }, t.backToGame), h("a", { href: "#/" }, t.lobby)),
    ),
  );
  /**
   * @param {string} state
   * @param {string} text
   */
  const say = (state, text) => {
    verdict.dataset["verdict"] = state;
    verdict.textContent = text;
  };
  /** @type {GameRecord} */
  let record;
  /** @type {TransparencyKey} */
  let published;
  try {
    [record, published] = /** @type {[GameRecord, TransparencyKey]} */ (
      await Promise.all([call("GET", `/v1/games/${id}/record`), call("GET", "/v1/transparency/key")])
    );
  } catch (e) {
    if (e instanceof ApiError && e.code === "game_not_finished") say("unfinished", t.audit.unfinished);
    else say("error", t.audit.notRead(e instanceof Error ? e.message : String(e)));
    return;
  }
  /** @type {CryptoKey} */
  let key;
  try {
    key = await importKey(published.public_key);
  } catch {
    say("error", t.audit.noEd25519);
    return;
  }
  const account = session()?.username ?? "";
  const kept = await receiptsOf(account, record.game_id.toLowerCase()).catch(() => []);
  const [chain, log, receipts] = await Promise.all([chainOf(record), logOf(record, key), receiptsMatch(record, kept, key)]);

  /** @type {string[]} */
  const failures = [];
  /**
   * @param {"chain" | "log" | "receipts"} check
   * @param {Result} result
   * @param {string} sentence
   */
  const report = (check, result, sentence) => {
    if (result === "bad") failures.push(sentence);
    return line(check, result, sentence);
  };
  const shuffles = record.events.filter((e) => e.event.type === "deck_shuffled").length;
  const lines = [
    chain === null
      ? report("chain", "ok", t.audit.chainOk(record.events.length, shuffles))
      : report("chain", "bad", t.audit.chainBad(chain.seq, t.audit.why[chain.why])),
    log.state === "ok"
      ? report("log", "ok", t.audit.logged(log.size, log.index, dateTime(new Date(log.timestamp).toISOString())))
      : log.state === "pending"
        ? report("log", "pending", t.audit.notLogged)
        : report("log", "bad", log.why === "proof" ? t.audit.logBadProof : t.audit.logBadSignature),
    receipts.state === "ok"
      ? report("receipts", "ok", t.audit.receiptsOk(receipts.count))
      : receipts.state === "none"
        ? report("receipts", "none", t.audit.receiptsNone)
        : report(
            "receipts",
            "bad",
            receipts.why === "history"
              ? t.audit.receiptBad(receipts.version)
              : receipts.why === "signature"
                ? t.audit.receiptBadSignature(receipts.version)
                : t.audit.receiptNoSalt(receipts.version),
          ),
  ];
  replace(checks, lines);
  if (failures.length > 0) say("bad", `${t.audit.notVerified} ${failures[0]}`);
  else say("verified", log.state === "ok" ? t.audit.verified : t.audit.verifiedNotLogged);
  verdict.dataset["log"] = log.state;
  verdict.dataset["receipts"] = receipts.state === "ok" ? String(receipts.count) : receipts.state;
  replace(
    details,
    log.state === "pending" ? h("button", { type: "button", onclick: () => again(main, id) }, t.audit.again) : null,
    h("p", { class: "meta" }, t.audit.finalHash, h("code", {}, record.head.hash)),
    h("p", { class: "meta" }, t.audit.key, h("code", {}, published.public_key)),
  );
}

/**
 * Checks again (the game may be logged by now), the focus on the new page's heading.
 * @param {HTMLElement} main
 * @param {string} id
 */
function again(main, id) {
  // The page is drawn before the first request: its heading is there at once.
  void showAudit(main, id);
  const title = main.querySelector("h1");
  if (title instanceof HTMLElement) {
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}
