// The audit page in a real browser (Debian's Chromium through playwright-core) against a real
// server whose bots answer at once (tests/it/web_audit.rs). In English and French, on a 360×640
// phone and a 1280×800 desktop, a person signs up, starts a game against the random bot, plays
// by clicking, looks at the lobby, reloads, resigns and opens "Audit this game". The receipts
// the page was given (its views, its actions, its resignation, the turns' notifications on the
// lobby's stream) are kept in IndexedDB by the page itself, and the audit page says the game is
// in the public log at size N (signed) and that the person's M receipts match its history. The
// page's RFC 9162 inclusion check is also run against this script's own trees of 1 to 17 leaves.
//
// Then the server lies, as only a server can: Playwright rewrites the record's answer in flight
// (the real server, the real page, the answer altered on the way). One byte of an event: the
// page names the event where the hash chain breaks. A history rewritten with its chain
// recomputed: the log proof does not lead to the signed head, and the receipt of the changed
// version does not match ("the server showed you a different history"). Another salt: the first
// receipt does not match. A head whose signature no longer covers it: named. And a receipt
// changed in IndexedDB: named by its version. Deleting the account forgets its receipts.
// axe-core on every audit page; 44×44 px controls and nothing wider than the phone; screenshots
// `audit[-fr]-*`, `audit-tampered[-fr]-*`, `audit-pending[-fr]-*`, `audit-receipt[-fr]-*`.
//
//   node web/tests/audit.mjs http://127.0.0.1:8080
//
// Prints "audit: all browser checks passed" at the end and exits non-zero on the first failure.
import { createHash } from "node:crypto";
import { chromium } from "playwright-core";
import { axe, base, confirmStaged, executablePath, fail, shot, touchTargets, fitsWidth } from "./harness.mjs";

const PASSWORD = "declaration of arbroath";
/** Games the test logged before this script ran. */
const before = Number(process.env.LORDS_LOGGED_BEFORE ?? "0");
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Texts by language, as a person reads them. */
const T = {
  en: {
    signUp: "Create an account",
    username: "Username",
    password: /^Password/,
    createAccount: "Create account",
    lobby: "Lobby",
    newGame: "New game",
    seat2: "Seat 2",
    bot: "Bot (random)",
    createGame: "Create game",
    resign: "Resign",
    resignYes: "Yes, resign",
    audit: "Audit this game",
    checks: "What your browser checked",
    again: "Check again",
    verified: /^Verified: every check below passed\.$/,
    verifiedSoFar: /^Verified so far: the record holds together, but it is not in the public log yet\.$/,
    notLogged: /^Not in the public log yet: /,
    logged: /^In the public log at size (\d+) \(signed\): /,
    receipts: /^Your (\d+) receipts match this history: /,
    notVerified: /^Not verified\. /,
    chainBad: /^The record does not match its hash chain at event (\d+): its hash does not match its content\.$/,
    chainOk: /^The hash chain holds: /,
    logBad: /^The log proof does not lead to the signed head/,
    logBadSignature: /^The log's tree head is not signed by the log's key\.$/,
    receiptBad: /^Your receipt for version (\d+) does not match this history: the server showed you a different history\.$/,
  },
  fr: {
    signUp: "Créer un compte",
    username: "Nom d'utilisateur",
    password: /^Mot de passe/,
    createAccount: "Créer le compte",
    lobby: "Salon",
    newGame: "Nouvelle partie",
    seat2: "Place 2",
    bot: "Robot (au hasard)",
    createGame: "Créer la partie",
    resign: "Abandonner",
    resignYes: "Oui, abandonner",
    audit: "Vérifier cette partie",
    checks: "Ce que votre navigateur a vérifié",
    again: "Vérifier de nouveau",
    verified: /^Vérifiée : toutes les vérifications ci-dessous sont passées\.$/,
    verifiedSoFar: /^Vérifiée jusqu'ici : le registre tient, mais il n'est pas encore dans le journal public\.$/,
    notLogged: /^Pas encore dans le journal public : /,
    logged: /^Dans le journal public à la taille (\d+) \(signé\) : /,
    receipts: /^Vos (\d+) reçus correspondent à cette histoire : /,
    notVerified: /^Non vérifiée\. /,
    chainBad: /^Le registre ne correspond pas à sa chaîne d'empreintes à l'événement (\d+) : son empreinte ne correspond pas à son contenu\.$/,
    chainOk: /^La chaîne d'empreintes tient : /,
    logBad: /^La preuve du journal ne mène pas à la tête signée/,
    logBadSignature: /^La tête d'arbre du journal n'est pas signée par la clé du journal\.$/,
    receiptBad: /^Votre reçu de la version (\d+) ne correspond pas à cette histoire : le serveur vous a montré une autre histoire\.$/,
  },
};

const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const sha256 = (...parts) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest();
};

/** Replaces the first digit of `text` at or after `from` by another digit: one byte changed. */
function flipDigit(text, from) {
  const at = text.slice(from).search(/[0-9]/);
  if (at < 0) fail(`no digit to change after ${from}`);
  const i = from + at;
  return text.slice(0, i) + (text[i] === "1" ? "2" : "1") + text.slice(i + 1);
}

/**
 * The record's text with one byte changed in the payload of an event from `from` on (the first
 * whose payload is written once in the text and holds a digit; its hashes left alone), and
 * that event's seq.
 */
function oneByteOff(text, from) {
  const events = JSON.parse(text).events;
  for (const e of events.slice(from - 1)) {
    const payload = JSON.stringify(e.event);
    const at = text.indexOf(payload);
    if (at < 0) fail(`event ${e.seq}'s payload is not in the record as JSON.stringify writes it`);
    if (text.indexOf(payload, at + 1) >= 0 || !/[0-9]/.test(payload)) continue;
    return { text: text.slice(0, at) + flipDigit(payload, 0) + text.slice(at + payload.length), seq: e.seq };
  }
  fail("no event to change");
}

/** The record with event `seq` changed and the chain recomputed from it: a consistent lie. */
function rewritten(text, seq) {
  const record = JSON.parse(text);
  const events = record.events;
  const payload = JSON.stringify(events[seq - 1].event);
  if (!/[0-9]/.test(payload)) fail(`event ${seq} has no digit to change`);
  events[seq - 1].event = JSON.parse(flipDigit(payload, 0));
  for (let i = seq - 1; i < events.length; i++) {
    const prev = i === 0 ? Buffer.alloc(32) : Buffer.from(events[i - 1].hash, "hex");
    events[i].prev_hash = prev.toString("hex");
    events[i].hash = sha256(prev, Buffer.from(JSON.stringify(events[i].event))).toString("hex");
  }
  record.head.hash = events[events.length - 1].hash;
  return JSON.stringify(record);
}

/** Answers the page's `/record` requests with `change(text)` instead of the server's text. */
async function lying(page, id, change) {
  await page.unrouteAll();
  await page.route(`**/v1/games/${id}/record`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: change(await res.text()) });
  });
}

/** The receipts of `game` the page's IndexedDB holds, read straight from it. */
function keptReceipts(page, game) {
  return page.evaluate(
    (game) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open("lords-receipts");
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction("receipts").objectStore("receipts").getAll();
          all.onsuccess = () => resolve(all.result.filter((r) => r.game === game));
          all.onerror = () => reject(all.error);
        };
      }),
    game,
  );
}

/** Deletes the receipts of `game` from the page's IndexedDB. */
function forgetKept(page, game) {
  return page.evaluate(
    (game) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open("lords-receipts");
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction("receipts", "readwrite");
          const store = tx.objectStore("receipts");
          const all = store.getAll();
          all.onsuccess = () => {
            for (const r of all.result.filter((r) => r.game === game)) store.delete([r.account, r.game, r.version, r.commitment]);
          };
          tx.oncomplete = () => resolve(undefined);
          tx.onerror = () => reject(tx.error);
        };
      }),
    game,
  );
}

/** Changes one hex digit of the commitment of the receipt kept at `version`, in IndexedDB. */
function tamperReceipt(page, game, version) {
  return page.evaluate(
    ([game, version]) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open("lords-receipts");
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction("receipts", "readwrite");
          const store = tx.objectStore("receipts");
          const all = store.getAll();
          all.onsuccess = () => {
            const r = all.result.find((r) => r.game === game && r.version === version);
            store.delete([r.account, r.game, r.version, r.commitment]);
            const c = r.commitment;
            store.add({ ...r, commitment: (c[0] === "0" ? "1" : "0") + c.slice(1) });
          };
          tx.oncomplete = () => resolve(undefined);
          tx.onerror = () => reject(tx.error);
        };
      }),
    [game, version],
  );
}

/** The audit page's verdict once it has one, and its three lines. */
async function verdictOf(page, x) {
  const verdict = page.locator("#verdict:not([data-verdict=checking])");
  await verdict.waitFor();
  const checks = page.getByRole("list", { name: x.checks });
  const text = async (check) => ((await checks.locator(`li[data-check=${check}]`).textContent()) ?? "").replace(/^[✓✗–]/, "").trim();
  return {
    state: await verdict.getAttribute("data-verdict"),
    text: ((await verdict.textContent()) ?? "").trim(),
    chain: await text("chain"),
    log: await text("log"),
    receipts: await text("receipts"),
  };
}

/** RFC 9162 §2.1.1: the Merkle tree hash of `leaves` (leaf inputs). */
function mth(leaves) {
  if (leaves.length === 0) return sha256(Buffer.alloc(0));
  if (leaves.length === 1) return sha256(Buffer.from([0]), leaves[0]);
  const k = split(leaves.length);
  return sha256(Buffer.from([1]), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

/** The largest power of two below `n` (n > 1). */
function split(n) {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** RFC 9162 §2.1.3.1: the inclusion path of leaf `m` among `leaves`. */
function inclusionPath(m, leaves) {
  if (leaves.length <= 1) return [];
  const k = split(leaves.length);
  return m < k
    ? [...inclusionPath(m, leaves.slice(0, k)), mth(leaves.slice(k))]
    : [...inclusionPath(m - k, leaves.slice(k)), mth(leaves.slice(0, k))];
}

/**
 * The page's RFC 9162 §2.1.3.2 verification (audit/checks.js `rootFrom`) against this script's
 * trees of 1 to 17 leaves, every leaf: each path leads to the root, and a path given for another
 * leaf, cut short or made longer does not.
 */
async function inclusionProofs(page) {
  const cases = [];
  for (let n = 1; n <= 17; n++) {
    const leaves = Array.from({ length: n }, (_, i) => Buffer.from(`leaf ${i} of ${n}`));
    const root = mth(leaves).toString("hex");
    for (let m = 0; m < n; m++) {
      cases.push({
        n,
        m,
        leaf: sha256(Buffer.from([0]), leaves[m]).toString("hex"),
        path: inclusionPath(m, leaves).map((p) => p.toString("hex")),
        root,
      });
    }
  }
  const wrong = await page.evaluate(async (cases) => {
    const { rootFrom, fromHex } = await import("/static/js/audit/checks.js");
    const hex = (b) => (b === null ? null : Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""));
    const out = [];
    for (const c of cases) {
      const path = c.path.map(fromHex);
      const leaf = fromHex(c.leaf);
      if (hex(await rootFrom(c.m, c.n, leaf, path)) !== c.root) out.push(`leaf ${c.m} of ${c.n}`);
      if (c.n > 1 && hex(await rootFrom((c.m + 1) % c.n, c.n, leaf, path)) === c.root) out.push(`leaf ${c.m} of ${c.n} as another`);
      if (path.length > 0 && hex(await rootFrom(c.m, c.n, leaf, path.slice(1))) === c.root) out.push(`leaf ${c.m} of ${c.n} cut short`);
      if (hex(await rootFrom(c.m, c.n, leaf, [...path, leaf])) === c.root) out.push(`leaf ${c.m} of ${c.n} made longer`);
    }
    return out;
  }, cases);
  if (wrong.length > 0) fail(`the page's inclusion proofs are wrong for: ${wrong.join(", ")}`);
  console.log(`inclusion proofs: the page verifies all ${cases.length} paths of trees of 1 to 17 leaves and refuses altered ones`);
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const errors = [];
try {
  for (const l of ["en", "fr"]) {
    const x = T[l];
    const fr = l === "fr" ? "-fr" : "";
    for (const size of [phone, desk]) {
      const wide = size === desk;
      const where = `${l} ${wide ? "desktop" : "phone"}`;
      const context = await browser.newContext({ ...size, locale: l === "fr" ? "fr-FR" : "en-GB" });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      page.on("pageerror", (e) => errors.push(`${where}: page error: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`${where}: console: ${m.text()}`);
      });
      // Every receipt the server gave this page, as seen on the wire, since `given` was last
      // cleared. An answer seen before a clear is not counted even when its body is read after
      // it: the page may have kept it before the test forgot what the page kept, or dropped it
      // when it left the table.
      const given = new Map();
      let epoch = 0;
      page.on("response", async (res) => {
        const seen = epoch;
        const m = /\/v1\/games\/([0-9a-f-]{36})(?:\/actions|\/resign)?(?:\?|$)/.exec(new URL(res.url()).pathname + new URL(res.url()).search);
        if (m === null || !(res.headers()["content-type"] ?? "").includes("json")) return;
        const body = await res.json().catch(() => null);
        if (body?.receipt && seen === epoch) given.set(`${body.receipt.version}:${body.receipt.commitment}`, `${res.request().method()} ${new URL(res.url()).pathname}${new URL(res.url()).search}`);
      });

      // A person signs up, starts a game against the random bot, plays, reloads and resigns.
      await page.goto(`${base}/#/signin`);
      const form = page.getByRole("form", { name: x.signUp });
      await form.getByLabel(x.username).fill(`ailsa_${l}${wide ? "d" : "p"}_${suffix}`);
      await form.getByLabel(x.password).fill(PASSWORD);
      await form.getByRole("button", { name: x.createAccount }).click();
      await page.getByRole("heading", { name: x.lobby, level: 1 }).waitFor();
      const create = page.getByRole("form", { name: x.newGame });
      await create.getByLabel(x.seat2).selectOption({ label: x.bot });
      await create.getByRole("button", { name: x.createGame }).click();
      const table = page.locator("section.table");
      await table.and(page.locator("[data-status=active]")).waitFor();
      const id = page.url().split("#/game/")[1] ?? fail(`no game in ${page.url()}`);
      for (let n = 0; n < 2; n++) {
        await table.and(page.locator("[data-my-turn=yes]:not([data-busy])")).waitFor();
        const version = await table.getAttribute("data-version");
        await page.locator("[data-option]").first().click();
        const choice = page.locator("[data-muster-choice]");
        if ((await choice.count()) > 0) await choice.first().click();
        await confirmStaged(page);
        await page.waitForFunction((v) => {
          const el = document.querySelector("section.table");
          return el !== null && el.getAttribute("data-busy") === null && el.getAttribute("data-version") !== v;
        }, version);
      }
      // The lobby keeps the receipts of the turns' notifications (its stream replays them from
      // the first): forgotten here, they come back from the stream alone.
      await forgetKept(page, id);
      await page.getByRole("link", { name: x.lobby }).first().click();
      await page.getByRole("heading", { name: x.lobby, level: 1 }).waitFor();
      // The table is left: what it still had under way was dropped, and counts for nothing.
      epoch += 1;
      given.clear();
      let notified = [];
      for (let i = 0; i < 100 && notified.length === 0; i++) {
        await page.waitForTimeout(100);
        notified = await keptReceipts(page, id);
      }
      if (notified.length === 0) fail(`${where}: the lobby kept no receipt from the turns' notifications`);
      // The stream's replay is a burst: let it settle.
      await page.waitForTimeout(500);
      notified = await keptReceipts(page, id);
      console.log(`${where}: the lobby kept ${notified.length} receipts from the turns' notifications`);
      await page.goto(`${base}/#/game/${id}`);
      await page.reload();
      await table.and(page.locator("[data-status=active]")).waitFor();
      await page.getByRole("button", { name: x.resign }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: x.resignYes }).click();
      await table.and(page.locator("[data-status=finished]")).waitFor();

      // The page kept every receipt it was given, across the reload. It keeps them in the
      // background (IndexedDB, after the answer is drawn): on a busy machine the last one, the
      // resignation's, may land a moment after the table shows the end.
      const keptAll = (/** @type {{version: number, commitment: string}[]} */ rs) =>
        [...given.keys()].every((key) => rs.some((r) => `${r.version}:${r.commitment}` === key));
      let kept = await keptReceipts(page, id);
      for (let i = 0; i < 50 && !keptAll(kept); i++) {
        await page.waitForTimeout(100);
        kept = await keptReceipts(page, id);
      }
      for (const [key, by] of given) {
        if (!kept.some((r) => `${r.version}:${r.commitment}` === key)) {
          fail(`${where}: the receipt ${key} given to the page (${by}) was not kept; it keeps versions ${kept.map((r) => r.version).join(", ")}`);
        }
      }
      if (given.size < 2) fail(`${where}: the page was given only ${given.size} receipts after the lobby`);
      const versions = kept.map((r) => r.version).sort((a, b) => a - b);
      console.log(`${where}: the page keeps ${kept.length} receipts, every one it was given (versions ${versions.join(", ")})`);

      // The audit page: in the log at size N (signed), and the M receipts match.
      await page.getByRole("link", { name: x.audit }).click();
      let v = await verdictOf(page, x);
      for (let i = 0; i < 40 && v.state === "verified" && !x.logged.test(v.log); i++) {
        // Not in the log yet: the page offers to look again.
        await page.waitForTimeout(250);
        await page.getByRole("button", { name: x.again }).click();
        v = await verdictOf(page, x);
      }
      if (v.state !== "verified" || !x.verified.test(v.text)) fail(`${where}: the audit says ${v.state}: ${v.text} / ${v.chain} / ${v.log} / ${v.receipts}`);
      const size_ = Number(x.logged.exec(v.log)?.[1] ?? fail(`${where}: the log line reads: ${v.log}`));
      if (size_ <= before) fail(`${where}: a log of ${before} games before holds this one at size ${size_}`);
      const m = Number(x.receipts.exec(v.receipts)?.[1] ?? fail(`${where}: the receipts line reads: ${v.receipts}`));
      if (m !== kept.length || m < 1) fail(`${where}: the audit counts ${m} receipts, the browser keeps ${kept.length}`);
      if (!x.chainOk.test(v.chain)) fail(`${where}: the chain line reads: ${v.chain}`);
      console.log(`${where}: « ${v.log.slice(0, 60)}… » « ${v.receipts.slice(0, 50)}… »`);
      console.log(`${where}: in the public log at size ${size_} (signed), ${m} receipts match`);
      await fitsWidth(page, `the ${where} audit page`);
      if (!wide) await touchTargets(page, `the ${where} audit page`);
      await shot(page, `audit${fr}`);
      await axe(page, `the ${where} audit page`);
      if (l === "en" && !wide) await inclusionProofs(page);

      // One byte of an event changed in flight: the chain breaks there, and the page says so.
      let changed = 0;
      await lying(page, id, (text) => {
        const off = oneByteOff(text, 3);
        changed = off.seq;
        if (off.text.length !== text.length) fail("more than one byte changed");
        return off.text;
      });
      await page.reload();
      v = await verdictOf(page, x);
      const at = x.chainBad.exec(v.chain)?.[1];
      if (v.state !== "bad" || Number(at) !== changed) fail(`${where}: a one-byte change reads ${v.state}: ${v.text} / ${v.chain}`);
      if (!x.notVerified.test(v.text) || !v.text.includes(v.chain)) fail(`${where}: the verdict does not name the broken chain: ${v.text}`);
      console.log(`${where}: one byte changed: « ${v.text} »`);
      await fitsWidth(page, `the ${where} tampered audit page`);
      await shot(page, `audit-tampered${fr}`);
      await axe(page, `the ${where} tampered audit page`);

      // A history rewritten at the last receipt's version, its chain recomputed: the chain
      // holds, but the log proof and that receipt do not.
      const last = versions[versions.length - 1];
      await lying(page, id, (text) => rewritten(text, last));
      await page.reload();
      v = await verdictOf(page, x);
      if (v.state !== "bad" || !x.chainOk.test(v.chain) || !x.logBad.test(v.log)) fail(`${where}: a rewritten history reads ${v.text} / ${v.chain} / ${v.log}`);
      if (Number(x.receiptBad.exec(v.receipts)?.[1]) !== last) fail(`${where}: a rewritten history's receipts read ${v.receipts}`);
      console.log(`${where}: a rewritten history: « ${v.log} » « ${v.receipts} »`);

      // Another salt: the first receipt no longer matches; the log still holds.
      await lying(page, id, (text) => {
        const record = JSON.parse(text);
        record.salt = flipDigit(record.salt, 0);
        return JSON.stringify(record);
      });
      await page.reload();
      v = await verdictOf(page, x);
      if (v.state !== "bad" || !x.logged.test(v.log) || Number(x.receiptBad.exec(v.receipts)?.[1]) !== versions[0]) {
        fail(`${where}: another salt reads ${v.text} / ${v.log} / ${v.receipts}`);
      }
      console.log(`${where}: another salt: « ${v.receipts} »`);

      // A head whose timestamp moved: its signature no longer covers it.
      await lying(page, id, (text) => {
        const record = JSON.parse(text);
        record.transparency.sth.timestamp += 1;
        return JSON.stringify(record);
      });
      await page.reload();
      v = await verdictOf(page, x);
      if (v.state !== "bad" || !x.logBadSignature.test(v.log)) fail(`${where}: a moved head reads ${v.text} / ${v.log}`);
      console.log(`${where}: a moved head: « ${v.log} »`);

      // Before the game is logged (a record without its proof): verified so far, not logged yet.
      await lying(page, id, (text) => JSON.stringify({ ...JSON.parse(text), transparency: null }));
      await page.reload();
      v = await verdictOf(page, x);
      if (v.state !== "verified" || !x.verifiedSoFar.test(v.text) || !x.notLogged.test(v.log)) fail(`${where}: a record not logged reads ${v.text} / ${v.log}`);
      await page.getByRole("button", { name: x.again }).waitFor();
      console.log(`${where}: not logged yet: « ${v.text} » « ${v.log} »`);
      if (!wide) await touchTargets(page, `the ${where} audit page before the log`);
      await shot(page, `audit-pending${fr}`);

      // The server's true record, but a receipt changed in this browser: named by its version.
      await page.unrouteAll();
      const middle = versions[Math.floor(versions.length / 2)];
      await tamperReceipt(page, id, middle);
      await page.reload();
      v = await verdictOf(page, x);
      if (v.state !== "bad" || !x.logged.test(v.log) || Number(x.receiptBad.exec(v.receipts)?.[1]) !== middle) {
        fail(`${where}: a changed receipt reads ${v.text} / ${v.log} / ${v.receipts}`);
      }
      if (!v.text.includes(v.receipts)) fail(`${where}: the verdict does not name the receipt: ${v.text}`);
      console.log(`${where}: a receipt changed in IndexedDB: « ${v.text} »`);
      await fitsWidth(page, `the ${where} audit page with a changed receipt`);
      await shot(page, `audit-receipt${fr}`);

      // Deleting the account forgets its receipts: a new account may take the name.
      if (l === "en" && wide) {
        await page.goto(`${base}/#/account`);
        await page.getByRole("button", { name: "Delete my account…" }).click();
        const confirm = page.getByRole("alertdialog");
        await confirm.getByLabel("Your password").fill(PASSWORD);
        await confirm.getByRole("button", { name: "Delete my account", exact: true }).click();
        await page.getByText("Your account was deleted, and you are signed out.").waitFor();
        const left = await keptReceipts(page, id);
        if (left.length !== 0) fail(`${where}: ${left.length} receipts are kept after the account was deleted`);
        console.log(`${where}: deleting the account forgot its receipts`);
      }
      await context.close();
    }
    console.log(`${l}: the audit page proves the log and the receipts, and names every lie`);
  }
  if (errors.length > 0) fail(`errors in the pages:\n  ${errors.join("\n  ")}`);
  console.log("audit: all browser checks passed");
} finally {
  await browser.close();
}
