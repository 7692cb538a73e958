// The lobby, rematch, the waiting room, invitation links and the first-game guide in a real
// browser (Debian's Chromium through playwright-core) against a real server whose bots answer
// at once. On a phone (360×640): a finished game's row names its players (a bot by its level,
// no game id shown) and says my place and the scores, and "See the final table" opens it; the
// lists put the games awaiting me first, nearest deadline first; "Rematch" against a bot seats
// the bot again at once; in a waiting room a free seat is given to a bot of a chosen level; the
// invitation link's "Copy link" puts the link on the clipboard and says so; bad invitation links
// and a malformed table address read as sentences, in English and in French; "Learn by playing"
// opens a guided game whose hint can be dismissed (still dismissed after a reload) and switched
// off (still off after a reload); every button and link of the lobby is at least 44×44 px; axe-core
// finds no serious or critical violation on the lobby and the guide's table; the lobby's first
// load stays within its budget and never loads the guide.
//
//   node web/tests/lobby-guide.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default
// target/screenshots). Prints "lobby and guide: all browser checks passed" at the end and exits
// non-zero on the first failure.
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, shots } from "./harness.mjs";
import path from "node:path";

const LOBBY_BUDGET = 150 * 1024;
const PASSWORD = "bannockburn1314";

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Signs up through the page (English or French form). */
async function signUp(page, username, fr = false) {
  await page.goto(`${base}/#/signin`);
  const form = page.getByRole("form", { name: fr ? "Créer un compte" : "Create an account" });
  await form.getByLabel(fr ? "Nom d'utilisateur" : "Username").fill(username);
  await form.getByLabel(fr ? /^Mot de passe/ : /^Password/).fill(PASSWORD);
  await form.getByRole("button", { name: fr ? "Créer le compte" : "Create account" }).click();
  await page.getByRole("heading", { name: fr ? "Salon" : "Lobby", level: 1 }).waitFor();
}

/** A call of the API with the page's session, from the page. */
async function api(page, method, url, body = undefined) {
  const r = await page.evaluate(
    async ([method, url, body]) => {
      const s = JSON.parse(localStorage.getItem("lords.session") ?? "{}");
      /** @type {Record<string, string>} */
      const headers = { Authorization: `Bearer ${s.access}` };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const r = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: r.status === 204 ? null : await r.json() };
    },
    [method, url, body],
  );
  if (r.status >= 300) fail(`${method} ${url} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A screenshot of the top of the page, or of where `at` (a locator) is scrolled into view. */
async function shot(page, name, at = null) {
  const size = page.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  if (at === null) await page.evaluate(() => window.scrollTo(0, 0));
  else await at.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: file, fullPage: false });
  console.log(`screenshot ${file}`);
}

const table = (page) => page.locator("section.table");

/** Waits until the game's decision is mine (the bots answer by themselves). */
async function untilMine(page, id) {
  for (let i = 0; i < 300; i++) {
    const g = await api(page, "GET", `/v1/games/${id}`);
    if (g.game.status === "finished") return g;
    if (g.game.awaiting?.seat === g.your_seat) return g;
    await page.waitForTimeout(100);
  }
  fail(`game ${id} never awaited me`);
}

/** A game against the random bot, through the API. */
async function botGame(page, clock, target = 40) {
  const g = await api(page, "POST", "/v1/games", {
    players: 2,
    target_score: target,
    turn_time_limit_s: clock,
    bots: [{ seat: 1, level: "random" }],
  });
  if (g.status !== "active") fail(`a game against a bot is ${g.status}`);
  return g.id;
}

/** Plays my seat with the first listed action (a power's use avoided) until the game is over. */
async function playOut(page, id) {
  for (let n = 0; n < 2000; n++) {
    const g = await untilMine(page, id);
    if (g.game.status === "finished") return g;
    const legal = await api(page, "GET", `/v1/games/${id}/legal-actions`);
    const actions = legal.actions;
    const action = actions.find((a) => a.type === "recruit") ?? actions.find((a) => a.type === "muster" && !a.use_power) ?? actions[0];
    const r = await page.evaluate(
      async ([id, action, version]) => {
        const s = JSON.parse(localStorage.getItem("lords.session") ?? "{}");
        const r = await fetch(`/v1/games/${id}/actions`, {
          method: "POST",
          headers: { Authorization: `Bearer ${s.access}`, "Content-Type": "application/json", "If-Match": `"${version}"` },
          body: JSON.stringify(action),
        });
        return r.status;
      },
      [id, action, legal.version],
    );
    if (r !== 200 && r !== 409 && r !== 412) fail(`an action answered ${r}`);
  }
  fail(`game ${id} did not end`);
}

/** Every visible button and link under `root` is at least 44×44 px. */
async function touchTargets(page, root, where) {
  const small = await page.evaluate((root) => {
    const out = [];
    for (const el of document.querySelectorAll(`${root} button, ${root} a`)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < 44 || r.height < 44) out.push(`${(el.textContent ?? "").trim().slice(0, 40)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  }, root);
  if (small.length > 0) fail(`touch targets under 44×44 on ${where}: ${small.join("; ")}`);
  console.log(`touch targets: every button and link of ${where} is at least 44×44 px`);
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const phone = {
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    permissions: ["clipboard-read", "clipboard-write"],
  };
  const errors = [];
  const newPage = async (options) => {
    const context = await browser.newContext(options);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    const p = await context.newPage();
    p.setDefaultTimeout(30_000);
    p.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
    p.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
    });
    return p;
  };

  // The first load of the lobby: within the budget, and no guide module.
  const lena = await newPage(phone);
  const me = `lena_${suffix}`;
  const loaded = [];
  lena.on("request", (r) => loaded.push(r.url()));
  const cdp = await lena.context().newCDPSession(lena);
  await cdp.send("Network.enable");
  let transferred = 0;
  cdp.on("Network.loadingFinished", (e) => {
    transferred += e.encodedDataLength;
  });
  await signUp(lena, me);
  await lena.waitForLoadState("networkidle");
  await cdp.detach();
  console.log(`first-load transfer of the lobby: ${transferred} bytes`);
  if (transferred > LOBBY_BUDGET) fail(`the lobby's first load is ${transferred} bytes, over ${LOBBY_BUDGET}`);
  if (loaded.some((u) => /guide/.test(u))) fail(`the lobby loaded the guide: ${loaded.filter((u) => /guide/.test(u)).join(", ")}`);

  // A finished game (played out against the random bot) and three under way with different
  // clocks, each awaiting me.
  const finishedId = await botGame(lena, null, 10);
  const over = await playOut(lena, finishedId);
  const result = over.game.result ?? fail(`the finished game has no result: ${JSON.stringify(over.game)}`);
  const place = result.ranking.indexOf(over.your_seat) + 1;
  const expected = `You came ${["", "1st", "2nd"][place]} · ${result.scores.join("–")}`;
  const week = await botGame(lena, 604800);
  const hour = await botGame(lena, 3600);
  const none = await botGame(lena, null);
  for (const id of [week, hour, none]) await untilMine(lena, id);

  await lena.goto(`${base}/#/`);
  await lena.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
  // My finished games are folded under my games: opened to read.
  const row = lena.locator(`section[aria-labelledby=list-mine] details.finished-games li[data-game="${finishedId}"]`);
  await lena.locator("section[aria-labelledby=list-mine] details.finished-games summary").click();
  await row.waitFor();
  const resultText = ((await row.locator("[data-result]").textContent()) ?? "").trim();
  if (resultText !== expected) fail(`the finished game reads « ${resultText} », not « ${expected} »`);
  const who = ((await row.locator(".who").textContent()) ?? "").trim();
  if (who !== `${me} (you), Bot (random)`) fail(`the finished game's players read « ${who} »`);
  // What is shown: the row without its screen-reader-only text (which names the game).
  const visible = await row.evaluate((el) => {
    const copy = /** @type {HTMLElement} */ (el.cloneNode(true));
    for (const sr of copy.querySelectorAll(".sr")) sr.remove();
    return copy.textContent ?? "";
  });
  if (visible.includes(finishedId.slice(0, 8))) fail(`the row shows the game's id: ${visible}`);
  console.log(`a finished game's row: « ${who} » « ${resultText} », no id shown`);

  // The sort: awaiting me first, nearest deadline first, no deadline last; then the rest (each
  // game once: those awaiting me are not listed again under my games).
  const order = async (list) =>
    lena.locator(`section[aria-labelledby=list-${list}] li[data-game]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-game")));
  // The lists fill in after the page's heading: wait for the three games awaiting me.
  await lena.locator("section[aria-labelledby=list-awaiting] li[data-game]").nth(2).waitFor();
  const awaitingOrder = await order("awaiting");
  if (awaitingOrder.join() !== [hour, week, none].join()) fail(`awaiting you lists ${awaitingOrder.join()}`);
  const mineOrder = await order("mine");
  if (mineOrder.join() !== [finishedId].join()) fail(`your games list ${mineOrder.join()}`);
  console.log("the lists put the games awaiting me first, nearest deadline first, then the rest");

  await touchTargets(lena, "main", "the lobby on a 360×640 phone");
  await axe(lena, "the lobby with a finished game");
  await shot(lena, "lobby-finished", row);
  const desk = await newPage({ viewport: { width: 1280, height: 800 } });
  await desk.goto(`${base}/`);
  await desk.evaluate((s) => localStorage.setItem("lords.session", s), await lena.evaluate(() => localStorage.getItem("lords.session") ?? ""));
  await desk.goto(`${base}/#/`);
  await desk.locator("details.finished-games summary").click();
  await desk.locator(`li[data-game="${finishedId}"] [data-result]`).first().waitFor();
  await shot(desk, "lobby-finished", desk.locator(`li[data-game="${finishedId}"]`).first());
  await desk.context().close();

  // "See the final table" opens it; "Rematch" against the bot starts at once with the bot.
  await row.getByRole("link", { name: /^See the final table/ }).click();
  await table(lena).and(lena.locator("[data-status=finished]")).waitFor();
  if (!lena.url().endsWith(`#/game/${finishedId}`)) fail(`the final table is ${lena.url()}`);
  await lena.getByRole("button", { name: "Rematch" }).click();
  await lena.waitForURL((u) => !u.href.endsWith(finishedId));
  await table(lena).and(lena.locator("[data-status=active]")).waitFor();
  const rematchId = lena.url().split("#/game/")[1] ?? fail(`no game in ${lena.url()}`);
  const rematch = await api(lena, "GET", `/v1/games/${rematchId}`);
  if (rematch.game.seats[0]?.bot !== "random" || rematch.your_seat !== 1) fail(`the rematch seats ${JSON.stringify(rematch.game.seats)}`);
  console.log("rematch against a bot: the bot is seated again at once, seats rotated");
  // A game not started from "Learn by playing" shows no hint.
  if ((await lena.locator(".guide-hint").count()) !== 0) fail("a hint shows on a game that is no guide game");

  // The waiting room: a free seat given to a bot; the invitation link copied.
  const room = await api(lena, "POST", "/v1/games", { players: 3, turn_time_limit_s: null });
  await lena.goto(`${base}/#/game/${room.id}`);
  await lena.getByRole("status").filter({ hasText: "Waiting for players: 1 of 3 seated." }).waitFor();
  const seat2 = lena.locator("li[data-seat='1']");
  await seat2.getByLabel(/^Bot level/).selectOption("greedy");
  await seat2.getByRole("button", { name: /^Give this seat to a bot/ }).click();
  await lena.getByRole("status").filter({ hasText: "Waiting for players: 2 of 3 seated." }).waitFor();
  const badge = ((await lena.locator("li[data-seat='1'] [data-badge=bot]").textContent()) ?? "").trim();
  if (badge !== "bot: greedy") fail(`seat 2's badge reads ${badge}`);
  if ((await lena.getByRole("button", { name: /^Give this seat to a bot/ }).count()) !== 1) fail("the free seat lost its bot control");
  await shot(lena, "waiting-room-bot");
  await axe(lena, "the waiting room with a bot");
  console.log("waiting room: a free seat was given to a greedy bot");
  await lena.getByRole("button", { name: "Copy link" }).click();
  await lena.locator("[data-copied]").filter({ hasText: "Link copied." }).waitFor();
  const copied = await lena.evaluate(() => navigator.clipboard.readText());
  const link = await lena.getByLabel("Invite by link").inputValue();
  if (copied !== link || !copied.endsWith(`#/game/${room.id}`)) fail(`the clipboard holds ${copied}, the link is ${link}`);
  console.log(`copy: the clipboard holds the link and the page says « Link copied. »`);

  // Bad links, in English: a game id cut short, a code that is no invitation, a table address.
  const mora = await newPage(phone);
  await signUp(mora, `mora_${suffix}`);
  const theirs = await api(mora, "POST", "/v1/games", { players: 3, turn_time_limit_s: null });
  await lena.goto(`${base}/#/join/${room.id.slice(0, 20)}/ABCDEFGHIJKLMNOPQRSTUVWXYZ012345`);
  const bad = lena.locator("#join-problem");
  await bad.filter({ hasText: "This invitation link is not valid: check that it was copied whole." }).waitFor();
  await lena.goto(`${base}/#/join/${theirs.id}/ABCDEFGHIJKLMNOPQRSTUVWXYZ012345`);
  await lena.getByRole("button", { name: "Join this game" }).click();
  await bad.filter({ hasText: "This invitation has expired or was already used: ask for a new one." }).waitFor();
  if ((await bad.getAttribute("data-code")) !== "invalid_invitation") fail(`the bad code's problem is ${await bad.getAttribute("data-code")}`);
  await lena.goto(`${base}/#/game/not-a-game`);
  await lena.getByRole("alert").filter({ hasText: "This game's address is not valid: check that the link was copied whole." }).waitFor();
  console.log("bad links read as sentences in English");

  // "Learn by playing": a guided game against the random bot, with a hint.
  await lena.goto(`${base}/#/`);
  await lena.getByRole("button", { name: "Learn by playing" }).click();
  await table(lena).and(lena.locator("[data-status=active]")).waitFor();
  const guideId = lena.url().split("#/game/")[1] ?? fail(`no game in ${lena.url()}`);
  const hint = lena.locator("aside.guide-hint");
  await hint.waitFor();
  if (!loaded.some((u) => u.endsWith("/static/js/guide.js"))) fail("the guide module was not loaded for the guide's table");
  const first = (await hint.getAttribute("data-hint")) ?? "";
  const firstText = ((await hint.locator("p").textContent()) ?? "").trim();
  console.log(`the guide's hint « ${first} »: ${firstText.slice(0, 80)}…`);
  await axe(lena, "the guide's table");
  await shot(lena, "guide");
  // The hint is in the page's flow: it covers no control.
  const covered = await lena.evaluate(() => {
    const card = document.querySelector("aside.guide-hint")?.getBoundingClientRect();
    if (!card) return ["no hint"];
    const out = [];
    for (const el of document.querySelectorAll("section.table button, section.table a, section.table select")) {
      if (el.closest("aside.guide-hint")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < card.right && r.right > card.left && r.top < card.bottom && r.bottom > card.top) out.push((el.textContent ?? "").trim());
    }
    return out;
  });
  if (covered.length > 0) fail(`the hint covers ${covered.join(", ")}`);
  await touchTargets(lena, "aside.guide-hint", "the guide's hint");
  await hint.getByRole("button", { name: "Got it" }).click();
  await lena.waitForFunction((id) => document.querySelector(`aside.guide-hint[data-hint="${id}"]`) === null, first);
  // The hint goes at once; its dismissal is saved by a request that may still be on its way.
  let saved = await api(lena, "GET", "/v1/me");
  for (let i = 0; i < 50 && !saved.hints?.dismissed?.includes(first); i++) {
    await lena.waitForTimeout(100);
    saved = await api(lena, "GET", "/v1/me");
  }
  if (!saved.hints.dismissed.includes(first) || !saved.hints.games.includes(guideId)) fail(`the hints saved: ${JSON.stringify(saved.hints)}`);
  await lena.reload();
  await table(lena).and(lena.locator("[data-status=active]")).waitFor();
  await lena.waitForLoadState("networkidle");
  await lena.waitForTimeout(500);
  if ((await lena.locator(`aside.guide-hint[data-hint="${first}"]`).count()) !== 0) fail(`hint ${first} came back after a reload`);
  console.log(`a dismissed hint stays dismissed after a reload (« ${first} »)`);
  // "Don't show hints": none now, none after a reload.
  const next = lena.locator("aside.guide-hint");
  await next.waitFor();
  await next.getByRole("button", { name: "Don't show hints" }).click();
  await next.waitFor({ state: "detached" });
  await lena.reload();
  await table(lena).and(lena.locator("[data-status=active]")).waitFor();
  await lena.waitForLoadState("networkidle");
  await lena.waitForTimeout(500);
  if ((await lena.locator("aside.guide-hint").count()) !== 0) fail("a hint shows after « Don't show hints » and a reload");
  const off = await api(lena, "GET", "/v1/me");
  if (off.hints.off !== true) fail(`hints are not off: ${JSON.stringify(off.hints)}`);
  console.log("« Don't show hints » stays off after a reload");

  // In French: the bad links, the table address and the guide.
  const ewan = await newPage({ ...phone, locale: "fr-FR" });
  await signUp(ewan, `ewan_${suffix}`, true);
  await ewan.goto(`${base}/#/join/${theirs.id.slice(0, 20)}/ABCDEFGHIJKLMNOPQRSTUVWXYZ012345`);
  const mauvais = ewan.locator("#join-problem");
  await mauvais.filter({ hasText: "Ce lien d'invitation n'est pas valide : vérifiez qu'il a été copié en entier." }).waitFor();
  await ewan.goto(`${base}/#/join/${theirs.id}/ABCDEFGHIJKLMNOPQRSTUVWXYZ012345`);
  await ewan.getByRole("button", { name: "Rejoindre cette partie" }).click();
  await mauvais.filter({ hasText: "Cette invitation a expiré ou a déjà servi : demandez-en une nouvelle." }).waitFor();
  await ewan.goto(`${base}/#/game/pas-une-partie`);
  await ewan.getByRole("alert").filter({ hasText: "L'adresse de cette partie n'est pas valide" }).waitFor();
  console.log("bad links read as sentences in French");
  await ewan.goto(`${base}/#/`);
  await ewan.getByRole("button", { name: "Apprendre en jouant" }).click();
  await table(ewan).and(ewan.locator("[data-status=active]")).waitFor();
  const conseil = ewan.locator("aside.guide-hint");
  await conseil.getByRole("heading", { name: "Conseil" }).waitFor();
  await conseil.getByRole("button", { name: "Compris" }).waitFor();
  await conseil.getByRole("button", { name: "Ne plus afficher de conseils" }).waitFor();
  await axe(ewan, "the guide's table in French");
  await shot(ewan, "guide-fr");
  console.log(`the guide in French: ${((await conseil.locator("p").textContent()) ?? "").slice(0, 80)}…`);
  // A card of the hand picked: face-up or face-down, then why it may (or may not) use its power.
  await table(ewan).and(ewan.locator("[data-my-turn=yes]")).waitFor();
  await ewan.locator("section.table button.card[aria-pressed]").first().click();
  const facing = ewan.locator('aside.guide-hint[data-hint="facing"]');
  await facing.filter({ hasText: "Face visible, tout le monde voit la carte" }).waitFor();
  await facing.getByRole("button", { name: "Compris" }).click();
  const power = ewan.locator('aside.guide-hint[data-hint^="power."]');
  await power.filter({ hasText: "règle des pouvoirs de cette partie est « force la plus faible »" }).waitFor();
  console.log(`the guide explains the power rule: ${((await power.locator("p").textContent()) ?? "").slice(0, 100)}…`);

  if (errors.length > 0) fail(`errors in the pages:\n  ${errors.join("\n  ")}`);
  console.log("lobby and guide: all browser checks passed");
} finally {
  await browser.close();
}
