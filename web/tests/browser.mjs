// The web client in a real browser (Debian's Chromium through playwright-core) against a real
// server: two players sign up and play a whole game by clicking only, one on a phone-sized screen;
// a spectator watches and is never shown a hidden card (checked against the finished game's full
// events); a reload mid-game resumes; a refused action shows its problem; the history slider and
// the audit page work on the finished game; axe-core finds no serious or critical violation on the
// lobby, the table and the audit page; screenshots of the lobby and the table at 360×640 and
// 1280×800 are written to target/screenshots/. Then in French: two players whose browsers prefer
// French play a whole game finding every control by its French name, a refusal reads in French with
// its unchanged code, French screenshots are written beside the English ones (`*-fr-*.png`), and
// the visible language switch is remembered. Then clocks, bots and resigning: on a phone, a game
// against a bot with a clock is played to the end by clicking (the bot answers by itself) while the
// deadline counts down, and the ranking shows; in a second game the lobby lists the deadline, and
// "Resign" asks for a confirmation (taken back once) before the game ends with the player ranked
// last (`table-bot-*.png`, `table-resigned-360x640.png`); a refused resignation shows its problem.
// Then invitations, live updates and accounts: Gina invites Hamish by username to a private game,
// the invitation shows in his open lobby (his notifications' stream), he accepts, and both play to
// the end seeing each other's moves arrive on the game's event stream (no long poll, no reload);
// "Rematch" seats both in a new game; with streams refused the table falls back to long polls; a
// four-seat private game with a bot in seat 4 (chosen per seat) is joined by a pasted invitation
// link and by following the link through sign-up; the push button says what happened; an account is
// deleted after a confirmation and its credentials fail (`lobby-invited`, `table-invite`,
// `account-delete` screenshots).
//
//   node web/tests/browser.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default
// target/screenshots). Prints "first-load transfer of the lobby: N bytes" and exits non-zero on
// the first failure.
import { chromium } from "playwright-core";
import { axe, base, confirmStaged, executablePath, fail, settled, shots, watchTraffic } from "./harness.mjs";
import path from "node:path";

const LOBBY_BUDGET = 150 * 1024;
const PASSWORD = "bannockburn1314";

/** A small seeded generator, so a run can be repeated. */
function generator(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function signUp(page, username) {
  await page.goto(`${base}/#/signin`);
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
}

/** A screenshot of the top of the page, or of where `at` (a locator) is scrolled into view. */
async function shot(page, name, at = null) {
  const size = page.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  if (at === null) await page.evaluate(() => window.scrollTo(0, 0));
  else await at.scrollIntoViewIfNeeded();
  await page.screenshot({ path: file, fullPage: false });
  console.log(`screenshot ${file}`);
}

const table = (page) => page.locator("section.table");

/** Signs up through the French page. */
async function inscrire(page, username) {
  await page.goto(`${base}/#/signin`);
  const form = page.getByRole("form", { name: "Créer un compte" });
  await form.getByLabel("Nom d'utilisateur").fill(username);
  await form.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await form.getByRole("button", { name: "Créer le compte" }).click();
  await page.getByRole("heading", { name: "Salon", level: 1 }).waitFor();
}

/** The choices a French page offers, by their accessible names (the hand's cards aside). */
const CHOIX = /^(Recruter|Récupérer|Échanger contre|Prendre|Défausser|Copier le pouvoir de|Passer)\b/;

/** Plays in French: every control is found by its French name, as a French player reads it. */
async function jouer(page, seed, hooks = {}) {
  const random = generator(seed);
  let actions = 0;
  for (let step = 0; step < 20000; step++) {
    const t = table(page);
    const [status, mine, busy] = await Promise.all([
      t.getAttribute("data-status"),
      t.getAttribute("data-my-turn"),
      t.getAttribute("data-busy"),
    ]);
    if (status === "finished") return actions;
    if (mine === "yes" && busy === null) {
      if (hooks.before && (await hooks.before(actions))) {
        actions++;
        continue;
      }
      const main = page.getByRole("group", { name: "Votre main" }).getByRole("button", { name: /^(?!Ce que fait)/ });
      const autres = page.getByRole("button", { name: CHOIX });
      const [nm, na] = await Promise.all([main.count(), autres.count()]);
      if (nm + na > 0) {
        const version = await t.getAttribute("data-version");
        const k = Math.floor(random() * (nm + na));
        if (k < nm) {
          await main.nth(k).click();
          const choix = page.getByRole("group", { name: /^Engager / }).getByRole("button", { name: /^Engager/ });
          const c = await choix.count();
          if (c === 0) fail("a card of the hand offered no « Engager » choice");
          await choix.nth(Math.floor(random() * c)).click();
        } else {
          await autres.nth(k - nm).click();
        }
        // Sur un écran tactile, le coup attend « Confirmer » (confirmer les coups).
        const confirmer = page.getByRole("button", { name: "Confirmer", exact: true });
        if ((await confirmer.count()) > 0) await confirmer.click();
        await settled(page, version);
        actions++;
        continue;
      }
    }
    await page.waitForTimeout(60);
  }
  fail("la partie ne s'est pas terminée");
}

/** Plays by clicking one of the offered choices whenever the table awaits this player. */
async function play(page, seed, hooks = {}) {
  const random = generator(seed);
  let actions = 0;
  for (let step = 0; step < 20000; step++) {
    const t = table(page);
    const [status, mine, busy] = await Promise.all([
      t.getAttribute("data-status"),
      t.getAttribute("data-my-turn"),
      t.getAttribute("data-busy"),
    ]);
    if (status === "finished") return actions;
    if (mine === "yes" && busy === null) {
      if (hooks.before && (await hooks.before(actions))) {
        actions++;
        continue;
      }
      const options = page.locator("[data-option]");
      const n = await options.count();
      if (n > 0) {
        const version = await t.getAttribute("data-version");
        await options.nth(Math.floor(random() * n)).click();
        const choices = page.locator("[data-muster-choice]");
        const c = await choices.count();
        if (c > 0) await choices.nth(Math.floor(random() * c)).click();
        await confirmStaged(page);
        await settled(page, version);
        actions++;
        continue;
      }
    }
    await page.waitForTimeout(60);
  }
  fail("the game did not end");
}

/** Clicks one offered choice (the first) and waits for the table to move on; the version before. */
async function once(page) {
  const t = table(page);
  await t.and(page.locator("[data-my-turn=yes]:not([data-busy])")).waitFor();
  const version = await t.getAttribute("data-version");
  await page.locator("[data-option]").first().click();
  const choices = page.locator("[data-muster-choice]");
  if ((await choices.count()) > 0) await choices.first().click();
  await confirmStaged(page);
  await settled(page, version);
  return version;
}

/**
 * The game moves on behind the page while it still offers its choices: the page's next action
 * request is held until the same seat has acted directly (the same account, elsewhere), then
 * let through with the page's now stale version. Holding it, rather than racing the page's
 * stream, makes the refusal certain however busy the machine. Resolves with the refusal shown.
 */
async function refusedBehindThePage(page, id) {
  const s = await page.evaluate(() => JSON.parse(localStorage.getItem("lords.session") ?? "{}"));
  const auth = { Authorization: `Bearer ${s.access}` };
  let direct = 0;
  await page.route(
    `**/v1/games/${id}/actions`,
    async (route) => {
      const legal = await (await fetch(`${base}/v1/games/${id}/legal-actions`, { headers: auth })).json();
      const r = await fetch(`${base}/v1/games/${id}/actions`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify(legal.actions[0]),
      });
      direct = r.status;
      await route.continue();
    },
    { times: 1 },
  );
  await page.locator("[data-option]").first().click();
  const choices = page.locator("[data-muster-choice]");
  if ((await choices.count()) > 0 && direct === 0) await choices.first().click();
  if (direct === 0) await confirmStaged(page);
  const alert = page.locator(".refusal[role=alert]");
  await alert.waitFor();
  if (direct !== 200) fail(`the direct action answered ${direct}`);
  return { code: await alert.getAttribute("data-code"), text: ((await alert.textContent()) ?? "").trim() };
}

async function gameEvents(page, id) {
  return page.evaluate(async (id) => {
    const s = JSON.parse(localStorage.getItem("lords.session") ?? "{}");
    const events = [];
    let after = 0;
    for (;;) {
      const r = await fetch(`/v1/games/${id}/events?after=${after}&limit=100`, { headers: { Authorization: `Bearer ${s.access}` } });
      const page = await r.json();
      if (!page.complete) throw new Error("the events are not complete");
      events.push(...page.events);
      if (page.next_after === null) return events;
      after = page.next_after;
    }
  }, id);
}

/** Cards made public by an event, as everyone sees it (RULES §8). */
function revealed(e) {
  switch (e.type) {
    case "supporter_dealt":
    case "recruit_revealed":
    case "supporter_claimed":
    case "follower_discarded":
      return [e.card];
    case "recruit_dealt":
    case "recruited":
    case "mustered":
      return e.face_up ? [e.card] : [];
    case "followers_revealed":
      return e.followers.map((f) => f.card);
    case "supporter_swapped":
      return [e.given, e.supporter];
    case "followers_swapped":
      return [e.given];
    case "supporters_discarded":
      return e.cards;
    case "skirmish_ended":
      return [...e.discarded, ...e.kept];
    default:
      return [];
  }
}

/** Every card the spectator saw at version v was public by then (everything at the end). */
function checkSpectator(seen, events) {
  const final = events.length;
  const publicAt = new Map(); // card -> first seq that showed it to everyone
  for (const e of events) for (const c of revealed(e.event)) if (!publicAt.has(c)) publicAt.set(c, e.seq);
  let checked = 0;
  for (const { v, cards } of seen) {
    if (v >= final) continue;
    for (const c of cards) {
      const at = publicAt.get(c);
      if (at === undefined || at > v) fail(`the spectator saw card ${c} at version ${v}; it was public only from ${at ?? "the end"}`);
      checked++;
    }
  }
  // A card mustered face-down must not show before it is turned up (unless it was public before).
  for (const e of events) {
    if (e.event.type !== "mustered" || e.event.face_up) continue;
    const c = e.event.card;
    if ((publicAt.get(c) ?? Infinity) < e.seq) continue;
    const up = events.find((x) => x.seq > e.seq && revealed(x.event).includes(c))?.seq ?? final;
    for (const { v, cards } of seen) {
      if (v >= e.seq && v < up && cards.includes(c)) fail(`the spectator saw face-down card ${c} at version ${v}`);
    }
  }
  return checked;
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const desk = { viewport: { width: 1280, height: 800 } };
  const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const alice = watchTraffic(await (await browser.newContext(desk)).newPage());
  const bob = watchTraffic(await (await browser.newContext(phone)).newPage());
  const watcherContext = await browser.newContext(desk);
  await watcherContext.addInitScript(() => {
    // @ts-ignore
    window.__seen = [];
    window.addEventListener("lords:rendered", (e) => {
      const cards = Array.from(document.querySelectorAll("[data-card]"), (el) => Number(el.getAttribute("data-card")));
      // @ts-ignore
      window.__seen.push({ v: e.detail.version, cards });
    });
  });
  const watcher = watchTraffic(await watcherContext.newPage());
  // Uncaught errors and console errors (a refused request's own line aside, e.g. the 412 below
  // or a wrong password's 401) fail the run, Content-Security-Policy violations included.
  const errors = [];
  for (const p of [alice, bob, watcher]) {
    p.setDefaultTimeout(30_000);
    p.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
    p.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
    });
  }

  // First load of the lobby, counted on the wire (compressed) by the browser.
  const cdp = await alice.context().newCDPSession(alice);
  await cdp.send("Network.enable");
  let transferred = 0;
  cdp.on("Network.loadingFinished", (e) => {
    transferred += e.encodedDataLength;
  });
  await signUp(alice, `alice_${suffix}`);
  await alice.waitForLoadState("networkidle");
  await cdp.detach();
  console.log(`first-load transfer of the lobby: ${transferred} bytes`);
  if (transferred > LOBBY_BUDGET) fail(`the lobby's first load is ${transferred} bytes, over ${LOBBY_BUDGET}`);

  await signUp(bob, `bob_${suffix}`);
  await signUp(watcher, `watcher_${suffix}`);
  await axe(alice, "the lobby");

  // Alice creates a game; Bob joins it from his lobby.
  const create = alice.getByRole("form", { name: "New game" });
  await create.getByLabel("Players").selectOption("2");
  await create.getByLabel("Target score").fill("12");
  await create.getByRole("button", { name: "Create game" }).click();
  await alice.getByRole("status").filter({ hasText: "Waiting for players" }).waitFor();
  const id = alice.url().split("#/game/")[1] ?? fail(`no game in ${alice.url()}`);
  const invite = await alice.getByLabel("Invite by link").inputValue();
  if (!invite.endsWith(`#/game/${id}`)) fail(`the invitation link is ${invite}`);
  await shot(alice, "table-waiting");
  await bob.goto(`${base}/#/`);
  await bob.getByRole("heading", { name: /^Open games/ }).waitFor();
  await shot(bob, "lobby");
  await bob.getByRole("button", { name: `Join game ${id.slice(0, 8)}` }).click();
  await bob.waitForURL(`**/#/game/${id}`);
  await alice.goto(`${base}/#/`);
  await alice.getByRole("link", { name: `Play game ${id.slice(0, 8)}` }).first().waitFor();
  await shot(alice, "lobby");
  await alice.getByRole("link", { name: `Play game ${id.slice(0, 8)}` }).first().click();
  // The spectator follows the invitation link from the lobby's form.
  const go = watcher.getByRole("form", { name: "Open a game by link or id" });
  await go.getByLabel("Game link or id").fill(invite);
  await go.getByRole("button", { name: "Open game" }).click();
  for (const p of [alice, bob, watcher]) await table(p).and(p.locator("[data-status=active]")).waitFor();

  let refusal = null;
  let reloaded = false;
  const aliceHooks = {
    before: async (n) => {
      if (n === 2 && refusal === null) {
        // The page still offers its choices while the game moves on (here: the same account
        // acting elsewhere): the click is refused and the page says why.
        const shown = await refusedBehindThePage(alice, id);
        refusal = shown.code;
        if (refusal !== "version_mismatch") fail(`the refusal's code is ${refusal}`);
        if (shown.text === "") fail("the refusal has no detail");
        console.log(`a refused action showed its problem: ${refusal}`);
        return true;
      }
      if (n === 1) {
        const title = await alice.title();
        if (!title.startsWith("●")) fail(`the title shows no marker while a decision is awaited: ${title}`);
        if ((await watcher.locator("[data-option], [data-muster-choice]").count()) !== 0) {
          fail("the spectator is offered choices");
        }
      }
      if (n === 3 && !reloaded) {
        reloaded = true;
        const before = Number(await table(alice).getAttribute("data-version"));
        await alice.reload();
        await table(alice).waitFor();
        const after = Number(await table(alice).getAttribute("data-version"));
        if (after < before) fail(`after a reload the table shows version ${after}, before ${before}`);
        console.log(`reload mid-game resumed at version ${after}`);
        await shot(alice, "table");
        await shot(bob, "table");
        await axe(alice, "the table");
        await axe(bob, "the table on a phone");
        return false;
      }
      return false;
    },
  };
  const [a, b] = await Promise.all([play(alice, 1, aliceHooks), play(bob, 2)]);
  if (!reloaded || refusal === null) fail("the game ended before the reload and refusal checks");
  await watcher.locator("section.table[data-status=finished]").waitFor();
  console.log(`the game finished after ${a} + ${b} clicked actions`);
  await shot(alice, "table-finished");

  // The spectator never saw a hidden card.
  const events = await gameEvents(alice, id);
  const seen = await watcher.evaluate(() => /** @type {any} */ (window).__seen);
  if (seen.length < 5) fail(`the spectator saw only ${seen.length} renders`);
  const checked = checkSpectator(seen, events);
  console.log(`spectator: ${seen.length} renders, ${checked} cards checked against ${events.length} events`);

  // History: the slider shows an earlier version, then now again.
  const slider = alice.getByRole("slider", { name: /History/ });
  const mid = Math.floor(events.length / 2);
  await slider.fill(String(mid));
  await alice.locator(`section.table[data-version="${mid}"]`).waitFor();
  await alice.getByRole("status").filter({ hasText: `Looking back at version ${mid}` }).waitFor();
  await alice.getByRole("button", { name: "Back to now" }).click();
  await alice.locator(`section.table[data-version="${events.length}"]`).waitFor();
  console.log(`history slider showed version ${mid} of ${events.length}`);

  // Audit: the browser recomputes the chain and the commitments.
  await alice.getByRole("link", { name: "Audit this game" }).click();
  await alice.locator("[data-verdict=verified]").waitFor();
  console.log(`audit: ${await alice.locator("#verdict").textContent()}`);
  await axe(alice, "the audit page");
  // The same check names the first bad event of a tampered stream.
  const bad = await alice.evaluate(async (events) => {
    const audit = await import("/static/js/audit.js");
    const shuffle = events.findIndex((e) => e.event.type === "deck_shuffled");
    const swapped = structuredClone(events);
    const order = swapped[shuffle].event.order;
    [order[0], order[1]] = [order[1], order[0]];
    const edited = structuredClone(events);
    const last = edited.length - 1;
    edited[last].event = { ...edited[last].event, winners: [] };
    return [(await audit.firstBad(swapped))?.seq, shuffle + 1, (await audit.firstBad(edited))?.seq, last + 1];
  }, events);
  if (bad[0] !== bad[1] || bad[2] !== bad[3]) fail(`the audit named ${bad[0]} and ${bad[2]}, not ${bad[1]} and ${bad[3]}`);
  console.log(`audit names the first bad event of a tampered stream (${bad[0]}, ${bad[2]})`);

  // The service worker never kept an API answer.
  const cached = await alice.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  if (cached.some((u) => u.startsWith("/v1"))) fail(`the service worker cached ${cached.join(", ")}`);
  console.log(`service worker cache: ${cached.length} shell files, no API answer`);

  // A second game: Bob joins from its table by the invitation link, and whoever is awaited
  // acts with the keyboard alone (Tab to a choice, Enter, Enter).
  await alice.goto(`${base}/#/`);
  const again = alice.getByRole("form", { name: "New game" });
  await again.getByRole("button", { name: "Create game" }).click();
  const link = await alice.getByLabel("Invite by link").inputValue();
  await bob.goto(link);
  await bob.getByRole("button", { name: "Join this game" }).click();
  await table(bob).and(bob.locator("[data-status=active]")).waitFor();
  await table(alice).and(alice.locator("[data-status=active]")).waitFor();
  const awaited = (await table(alice).getAttribute("data-my-turn")) === "yes" ? alice : bob;
  const before = await table(awaited).getAttribute("data-version");
  await awaited.locator("#status").evaluate((el) => {
    el.setAttribute("tabindex", "-1");
    el.focus();
  });
  let tabs = 0;
  while (!(await awaited.evaluate(() => document.activeElement?.hasAttribute("data-option") ?? false))) {
    if (++tabs > 200) fail("Tab never reached a choice");
    await awaited.keyboard.press("Tab");
  }
  await awaited.keyboard.press("Enter");
  if (await awaited.evaluate(() => document.activeElement?.hasAttribute("data-muster-choice") ?? false)) {
    await awaited.keyboard.press("Enter");
  }
  // A staged move (confirm moves, on by default on a touch screen) takes Enter on Confirm.
  if (await awaited.evaluate(() => document.activeElement?.hasAttribute("data-confirm-move") ?? false)) {
    await awaited.keyboard.press("Enter");
  }
  await awaited.waitForFunction((v) => document.querySelector("section.table")?.getAttribute("data-version") !== v, before);
  console.log(`keyboard: a choice reached with ${tabs} Tab presses and played with Enter`);

  // Account: change the password, sign out, sign in with the new one.
  await bob.goto(`${base}/#/account`);
  const change = bob.getByRole("form", { name: "Change password" });
  // Before confirming, the form says what else a new password ends.
  const ends = await change.evaluate((f) => document.getElementById(f.getAttribute("aria-describedby") ?? "")?.textContent ?? "");
  if (!/every app you allowed and every personal token/.test(ends)) fail(`the password form does not say what it ends: ${ends}`);
  await change.getByLabel("Current password").fill(PASSWORD);
  await change.getByLabel("New password").fill(`${PASSWORD}x`);
  await change.getByRole("button", { name: "Change password" }).click();
  await bob.getByRole("status").filter({ hasText: "Password changed" }).waitFor();
  await bob.getByRole("button", { name: "Sign out" }).click();
  const signin = bob.getByRole("form", { name: "Sign in" });
  await signin.getByLabel("Username").fill(`bob_${suffix}`);
  await signin.getByLabel("Password").fill(PASSWORD);
  await signin.getByRole("button", { name: "Sign in" }).click();
  await bob.locator("#signin-error[data-code=invalid_credentials]").waitFor();
  // By keyboard only: type, Tab, type, Enter; the focused field shows a visible outline.
  await signin.getByLabel("Password").fill("");
  await signin.getByLabel("Username").focus();
  await bob.keyboard.press("Tab");
  const outline = await bob.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement && el.name === "password" ? getComputedStyle(el).outlineStyle : "not focused";
  });
  if (outline === "none" || outline === "not focused") fail(`the focused password field: ${outline}`);
  await bob.keyboard.type(`${PASSWORD}x`);
  await bob.keyboard.press("Enter");
  await bob.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
  console.log("password changed, signed out, signed in again");

  // En français: browsers that prefer French get the page in French, and play a whole game.
  const claire = watchTraffic(await (await browser.newContext({ ...desk, locale: "fr-FR" })).newPage());
  const david = watchTraffic(await (await browser.newContext({ ...phone, locale: "fr-FR" })).newPage());
  for (const p of [claire, david]) {
    p.setDefaultTimeout(30_000);
    p.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
    p.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
    });
  }
  await inscrire(claire, `claire_${suffix}`);
  await inscrire(david, `david_${suffix}`);
  await shot(claire, "lobby-fr");
  const htmlLang = await claire.evaluate(() => document.documentElement.lang);
  if (htmlLang !== "fr") fail(`the French page says lang=${htmlLang}`);
  const nouvelle = claire.getByRole("form", { name: "Nouvelle partie" });
  await nouvelle.getByLabel(/^Joueurs/).selectOption("2");
  await nouvelle.getByLabel("Score à atteindre").fill("12");
  await nouvelle.getByRole("button", { name: "Créer la partie" }).click();
  await claire.getByRole("status").filter({ hasText: "En attente de joueurs" }).waitFor();
  const idFr = claire.url().split("#/game/")[1] ?? fail(`no game in ${claire.url()}`);
  await david.goto(`${base}/#/`);
  await david.getByRole("heading", { name: /^Parties ouvertes/ }).waitFor();
  await shot(david, "lobby-fr");
  await david.getByRole("button", { name: `Rejoindre la partie ${idFr.slice(0, 8)}` }).click();
  await david.waitForURL(`**/#/game/${idFr}`);
  for (const p of [claire, david]) await table(p).and(p.locator("[data-status=active]")).waitFor();
  await claire.getByRole("status").filter({ hasText: /^Manche 1, tour 1\. Jeton Initiative/ }).waitFor();

  let refus = null;
  let photo = false;
  const claireHooks = {
    before: async (n) => {
      if (n === 1 && refus === null) {
        // The game moves on behind the page: the click is refused, and the page says why in French.
        const montre = await refusedBehindThePage(claire, idFr);
        refus = montre.code;
        const texte = montre.text;
        if (refus !== "version_mismatch") fail(`the French refusal's code is ${refus}`);
        if (!texte.startsWith("la partie a changé")) fail(`the refusal is not in French: ${texte}`);
        console.log(`a refused action read in French: « ${texte} » (${refus})`);
        return true;
      }
      if (n === 4 && !photo) {
        photo = true;
        await shot(claire, "table-fr");
        await shot(david, "table-fr");
        await axe(claire, "the table in French");
      }
      return false;
    },
  };
  const [cf, df] = await Promise.all([jouer(claire, 3, claireHooks), jouer(david, 4)]);
  if (!photo || refus === null) fail("the French game ended before its checks");
  await claire.getByRole("status").filter({ hasText: /^Partie terminée : / }).waitFor();
  const journal = (await claire.getByRole("list", { name: "Événements, du plus récent au plus ancien" }).textContent()) ?? "";
  for (const phrase of ["a engagé", "détient le jeton Initiative", "a récupéré"]) {
    if (!journal.includes(phrase)) fail(`the French log never says « ${phrase} »`);
  }
  await shot(claire, "table-fr-finished");
  console.log(`the French game finished after ${cf} + ${df} actions, found by their French names`);

  // The visible switch: Alice reads in French, the choice survives a reload, and back.
  await alice.goto(`${base}/#/`);
  await alice.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
  await alice.getByRole("button", { name: "Français" }).click();
  await alice.getByRole("heading", { name: "Salon", level: 1 }).waitFor();
  await alice.reload();
  await alice.getByRole("heading", { name: "Salon", level: 1 }).waitFor();
  await alice.getByRole("link", { name: "Règles" }).waitFor();
  await alice.getByRole("button", { name: "English" }).click();
  await alice.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
  console.log("the language switch is visible and remembered across a reload");

  // Against a bot, on a phone: a game with a clock where every other
  // seat is a bot's starts at once; the bot answers by itself; the deadline counts down; played
  // to the end by clicking only, then the ranking.
  const fiona = watchTraffic(await (await browser.newContext(phone)).newPage());
  fiona.setDefaultTimeout(30_000);
  fiona.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  fiona.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
  });
  await signUp(fiona, `fiona_${suffix}`);
  const vsBot = fiona.getByRole("form", { name: "New game" });
  await vsBot.getByLabel("Players").selectOption("2");
  await vsBot.getByLabel("Target score").fill("12");
  await vsBot.getByLabel("Time per decision").selectOption({ label: "1 hour" });
  await vsBot.getByLabel("Seat 2").selectOption({ label: "Bot (greedy)" });
  await vsBot.getByRole("button", { name: "Create game" }).click();
  await table(fiona).and(fiona.locator("[data-status=active]")).waitFor();
  await fiona.locator("[data-badge=bot]").first().waitFor();
  await table(fiona).and(fiona.locator("[data-my-turn=yes]")).waitFor();
  const countdown = (await fiona.locator("time#deadline").textContent()) ?? "";
  if (!/^Deadline in \d+ minutes? \(/.test(countdown)) fail(`the deadline reads: ${countdown}`);
  console.log(`the bot game's deadline: « ${countdown} »`);
  await shot(fiona, "table-bot");
  await axe(fiona, "the table against a bot on a phone");
  const botActions = await play(fiona, 5);
  await fiona.getByRole("heading", { name: "Ranking" }).waitFor();
  const ranks = await fiona.locator(".ranking li").count();
  if (ranks !== 2) fail(`the ranking lists ${ranks} seats`);
  await fiona.getByRole("list", { name: "Events, newest first" }).getByText(/greedy bot (recruited|mustered|passed|took|discarded|swapped|claimed)/).filter({ visible: true }).first().waitFor();
  await shot(fiona, "table-bot-finished");
  console.log(`the game against a bot finished after ${botActions} clicked actions, ranking shown`);

  // Resigning, in a second short game against a bot: the lobby's "awaiting you" list shows the
  // deadline; "Resign" asks first (and can be taken back); then the game ends, ranked last.
  await fiona.goto(`${base}/#/`);
  const quick = fiona.getByRole("form", { name: "New game" });
  await quick.getByLabel("Players").selectOption("2");
  await quick.getByLabel("Time per decision").selectOption({ label: "1 day" });
  await quick.getByLabel("Seat 2").selectOption({ label: "Bot (random)" });
  await quick.getByRole("button", { name: "Create game" }).click();
  await table(fiona).and(fiona.locator("[data-my-turn=yes]")).waitFor();
  const idResign = fiona.url().split("#/game/")[1] ?? fail(`no game in ${fiona.url()}`);
  await fiona.goto(`${base}/#/`);
  const row = fiona.locator(`section[aria-labelledby=list-awaiting] li[data-game="${idResign}"] time.deadline`);
  await row.waitFor();
  const due = (await row.textContent()) ?? "";
  if (!/^decide in \d+ hours?$/.test(due)) fail(`the lobby's deadline reads: ${due}`);
  console.log(`the lobby shows the deadline: « ${due} »`);
  await axe(fiona, "the lobby with a deadline");
  await fiona.locator(`section[aria-labelledby=list-awaiting] li[data-game="${idResign}"] a[href^="#/game/"]`).first().click();
  await table(fiona).and(fiona.locator("[data-status=active]")).waitFor();
  await fiona.getByRole("button", { name: "Resign" }).click();
  const confirm = fiona.getByRole("alertdialog", { name: /^Resign this game\?/ });
  await confirm.waitFor();
  await axe(fiona, "the resign confirmation");
  await confirm.getByRole("button", { name: "Keep playing" }).click();
  await confirm.waitFor({ state: "detached" });
  await fiona.getByRole("button", { name: "Resign" }).click();
  await confirm.getByRole("button", { name: "Yes, resign" }).click();
  await table(fiona).and(fiona.locator("[data-status=finished]")).waitFor();
  await fiona.locator("[data-badge=resigned]").waitFor();
  const last = (await fiona.locator(".ranking li").last().textContent()) ?? "";
  if (!last.startsWith("2. fiona_") || !last.endsWith("(resigned)")) fail(`the last of the ranking: ${last}`);
  if ((await fiona.getByRole("button", { name: "Resign" }).count()) !== 0) fail("Resign is still offered after the end");
  await shot(fiona, "table-resigned");
  console.log(`resigned after a confirmation: « ${last} »`);

  // A refused resignation shows its problem: the game ends behind the page (the same account
  // resigning elsewhere) just as "Yes, resign" is clicked.
  await fiona.goto(`${base}/#/`);
  const third = fiona.getByRole("form", { name: "New game" });
  await third.getByLabel("Seat 2").selectOption({ label: "Bot (random)" });
  await third.getByRole("button", { name: "Create game" }).click();
  await table(fiona).and(fiona.locator("[data-status=active]")).waitFor();
  const idThird = fiona.url().split("#/game/")[1] ?? fail(`no game in ${fiona.url()}`);
  await fiona.getByRole("button", { name: "Resign" }).click();
  await fiona.getByRole("alertdialog").waitFor();
  const behind = await fiona.evaluate(async (id) => {
    const s = JSON.parse(localStorage.getItem("lords.session") ?? "{}");
    const r = await fetch(`/v1/games/${id}/resign`, { method: "POST", headers: { Authorization: `Bearer ${s.access}` } });
    /** @type {HTMLElement | null} */ (document.getElementById("resign-yes"))?.click();
    return r.status;
  }, idThird);
  if (behind !== 200) fail(`the direct resignation answered ${behind}`);
  const refused = fiona.locator(".refusal[role=alert]");
  await refused.waitFor();
  const refusedCode = await refused.getAttribute("data-code");
  const refusedText = ((await refused.textContent()) ?? "").trim();
  if (!refusedCode || refusedCode.startsWith("http_") || refusedText === "") fail(`the refused resignation shows ${refusedCode}: ${refusedText}`);
  console.log(`a refused resignation showed its problem: ${refusedCode} « ${refusedText} »`);

  // Invitations, live by SSE, rematch: Gina creates a private game and invites Hamish
  // by username; the invitation shows in his lobby (open, not reloaded), he accepts, and both
  // play a whole game by clicking while each sees the other's moves arrive on the game's event
  // stream: no long poll, no reload.
  const newPage = async (options) => {
    const p = watchTraffic(await (await browser.newContext(options)).newPage());
    p.setDefaultTimeout(30_000);
    p.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
    p.on("console", (m) => {
      // Chromium's own line when a fresh profile asks for push (checked below), not the page's.
      const chromium = m.text().includes("does not support the Push API in incognito mode");
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource") && !chromium) errors.push(`console: ${m.text()}`);
    });
    return p;
  };
  const gina = await newPage(desk);
  const hamish = await newPage(phone);
  await signUp(gina, `gina_${suffix}`);
  await signUp(hamish, `hamish_${suffix}`);
  await hamish.locator(".lists[data-live=stream]").waitFor();
  const privateGame = gina.getByRole("form", { name: "New game" });
  await privateGame.getByLabel("Players").selectOption("2");
  await privateGame.getByLabel("Target score").fill("12");
  await privateGame.getByLabel("Private (by invitation only)").check();
  await privateGame.getByRole("button", { name: "Create game" }).click();
  await gina.getByRole("status").filter({ hasText: "Waiting for players" }).waitFor();
  const idPrivate = gina.url().split("#/game/")[1] ?? fail(`no game in ${gina.url()}`);
  const invitePanel = gina.getByRole("region", { name: "Invite players" });
  await invitePanel.getByLabel("Username to invite").fill(`hamish_${suffix}`);
  await invitePanel.getByRole("button", { name: "Invite", exact: true }).click();
  await gina.getByRole("status").filter({ hasText: `hamish_${suffix} is invited` }).waitFor();
  await axe(gina, "the table with its invitation panel");
  await shot(gina, "table-invite");
  const accept = hamish.getByRole("button", { name: `Accept and join game ${idPrivate.slice(0, 8)}` });
  await accept.waitFor();
  await hamish.getByRole("heading", { name: /^Invitations \(1\)/ }).waitFor();
  await shot(hamish, "lobby-invited");
  await axe(hamish, "the lobby with an invitation on a phone");
  await accept.click();
  await hamish.waitForURL(`**/#/game/${idPrivate}`);
  for (const p of [gina, hamish]) await table(p).and(p.locator("[data-status=active][data-live=stream]")).waitFor();
  console.log("invited by username: the invitation showed in the lobby, accepted, the game started");
  // The page's title marks a decision of mine awaited, on the awaited player's page only.
  let marked = null;
  for (let i = 0; i < 200 && marked === null; i++) {
    const [g, hm] = await Promise.all([table(gina).getAttribute("data-my-turn"), table(hamish).getAttribute("data-my-turn")]);
    if (g === "yes" || hm === "yes") marked = g === "yes" ? [gina, hamish] : [hamish, gina];
    else await gina.waitForTimeout(50);
  }
  if (marked === null) fail("nobody's turn on either table");
  const [awaitedTitle, otherTitle] = [await marked[0].title(), await marked[1].title()];
  if (!awaitedTitle.startsWith("●") || otherTitle.startsWith("●")) fail(`the titles: « ${awaitedTitle} » and « ${otherTitle} »`);
  // From here every update must come from the stream: count long polls and page loads.
  let polls = 0;
  let loads = 0;
  for (const p of [gina, hamish]) {
    p.on("request", (r) => {
      if (r.url().includes("wait=")) polls++;
    });
    p.on("framenavigated", (f) => {
      if (f === p.mainFrame()) loads++;
    });
  }
  const linesBefore = await gina.locator(".log-lines li").count();
  const [ga, ha] = await Promise.all([play(gina, 7), play(hamish, 8)]);
  await gina.getByRole("status").filter({ hasText: /^Game over: / }).waitFor();
  const linesAfter = await gina.locator(".log-lines li").count();
  if (polls !== 0 || loads !== 0) fail(`the SSE game made ${polls} long polls and ${loads} page loads`);
  if (linesAfter <= linesBefore) fail(`the log did not grow: ${linesBefore} then ${linesAfter} lines`);
  console.log(`SSE: the game finished after ${ga} + ${ha} clicked actions, each seeing the other's moves arrive on the stream (no long poll, no reload; log ${linesBefore} → ${linesAfter} lines)`);

  // Rematch: Gina asks for it and is taken to the new game; Hamish's "Rematch" on his finished
  // table takes the seat kept for him there; both see the new game start.
  await gina.getByRole("button", { name: "Rematch" }).click();
  await gina.waitForURL((u) => !u.hash.endsWith(idPrivate) && u.hash.startsWith("#/game/"));
  const idRematch = gina.url().split("#/game/")[1] ?? fail(`no rematch in ${gina.url()}`);
  await gina.getByRole("status").filter({ hasText: "Waiting for players" }).waitFor();
  await hamish.getByRole("button", { name: "Rematch" }).click();
  await hamish.waitForURL(`**/#/game/${idRematch}`);
  for (const p of [gina, hamish]) await table(p).and(p.locator("[data-status=active]")).waitFor();
  console.log(`rematch: both players are seated in the new game ${idRematch.slice(0, 8)}, started`);

  // Where streams fail (here: refused for Hamish), the table falls back to long polls and still
  // follows the game: Gina's move shows on his table.
  await hamish.route("**/v1/games/*/stream?*", (r) => r.abort());
  await hamish.reload();
  await table(hamish).and(hamish.locator("[data-live=poll]")).waitFor();
  // Hamish plays while it is his decision (one move may leave him another), until Gina's.
  for (let i = 0; (await table(gina).getAttribute("data-my-turn")) !== "yes"; i++) {
    if (i > 600) fail("Gina's turn never came");
    const [mine, busy] = await Promise.all([table(hamish).getAttribute("data-my-turn"), table(hamish).getAttribute("data-busy")]);
    if (mine === "yes" && busy === null) await once(hamish);
    else await gina.waitForTimeout(50);
  }
  const ginaMoved = Number(await once(gina));
  await hamish.waitForFunction(
    (v) => Number(document.querySelector("section.table")?.getAttribute("data-version")) > v,
    ginaMoved,
  );
  await hamish.unroute("**/v1/games/*/stream?*");
  console.log("streams refused: the table fell back to long polls and showed the opponent's move");

  // Join by code and by link, with a bot in one seat: a private four-seat game (seat 4 a bot's);
  // Hamish pastes the invitation link into the lobby's "Join by code"; Iona, not signed in,
  // follows it, signs up, and lands back on it to join.
  await gina.goto(`${base}/#/`);
  const four = gina.getByRole("form", { name: "New game" });
  await four.getByLabel("Players").selectOption("4");
  await four.getByLabel("Seat 4").selectOption({ label: "Bot (random)" });
  await four.getByLabel("Private (by invitation only)").check();
  await four.getByRole("button", { name: "Create game" }).click();
  await gina.getByRole("status").filter({ hasText: "Waiting for players: 2 of 4 seated." }).waitFor();
  await gina.locator("[data-badge=bot]").waitFor();
  const idFour = gina.url().split("#/game/")[1] ?? fail(`no game in ${gina.url()}`);
  await gina.getByRole("button", { name: "Make an invitation link" }).click();
  const codeLink = await gina.getByLabel("Invitation link").inputValue();
  if (!codeLink.includes(`#/join/${idFour}/`)) fail(`the invitation link is ${codeLink}`);
  await gina.getByRole("button", { name: "Copy link" }).click();
  await gina.locator(".copied").filter({ hasText: /^(Link copied\.|The link is selected: copy it\.)$/ }).waitFor();
  await hamish.goto(`${base}/#/`);
  const byCode = hamish.getByRole("form", { name: "Join by invitation code" });
  await byCode.getByLabel("Invitation link or code").fill(codeLink);
  await byCode.getByRole("button", { name: "Join" }).click();
  await hamish.waitForURL(`**/#/game/${idFour}`);
  await hamish.getByRole("status").filter({ hasText: "Waiting for players: 3 of 4 seated." }).waitFor();
  const iona = await newPage(phone);
  await iona.goto(codeLink);
  await iona.getByRole("form", { name: "Create an account" }).waitFor();
  const ionaForm = iona.getByRole("form", { name: "Create an account" });
  await ionaForm.getByLabel("Username").fill(`iona_${suffix}`);
  await ionaForm.getByLabel(/^Password/).fill(PASSWORD);
  await ionaForm.getByRole("button", { name: "Create account" }).click();
  await iona.getByRole("heading", { name: `Invitation to game ${idFour.slice(0, 8)}` }).waitFor();
  await axe(iona, "an invitation link's page");
  await iona.getByRole("button", { name: "Join this game" }).click();
  await iona.waitForURL(`**/#/game/${idFour}`);
  for (const p of [gina, hamish, iona]) await table(p).and(p.locator("[data-status=active]")).waitFor();
  console.log("joined by code (pasted link) and by link (after signing up); the per-seat bot took seat 4; the game started");

  // Turn notifications: headless Chromium has PushManager but no push service and no
  // notification permission; the button must say what happened, never fail silently.
  await gina.goto(`${base}/#/account`);
  await gina.getByRole("button", { name: "Tell me when it is my turn" }).click();
  const pushStatus = gina.locator("#push-status");
  await pushStatus.filter({ hasText: /^(This browser will tell you|Turn notifications are not available)/ }).waitFor();
  const pushText = (await pushStatus.textContent()) ?? "";
  if (pushText.startsWith("This browser will tell you")) {
    await gina.getByRole("button", { name: "Stop telling me" }).click();
    await pushStatus.filter({ hasText: "This browser will not tell you any more." }).waitFor();
  }
  console.log(`push button: « ${pushText} » (${await pushStatus.getAttribute("data-why") ?? "subscribed"})`);
  // With notifications allowed, this Chromium still has no push service (a fresh profile is
  // incognito to it): the button says so too. The service worker's part is checked by handing
  // it a push through the DevTools protocol: it shows the notification of the game.
  await gina.context().grantPermissions(["notifications"], { origin: base });
  await gina.reload();
  await gina.getByRole("button", { name: "Tell me when it is my turn" }).click();
  await pushStatus.filter({ hasText: /^(This browser will tell you|Turn notifications are not available)/ }).waitFor();
  const allowedText = (await pushStatus.textContent()) ?? "";
  if (allowedText.startsWith("This browser will tell you")) await gina.getByRole("button", { name: "Stop telling me" }).click();
  const sw = await gina.context().newCDPSession(gina);
  const registrations = [];
  sw.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await sw.send("ServiceWorker.enable");
  await gina.waitForFunction(() => navigator.serviceWorker.controller !== null);
  for (let i = 0; i < 100 && !registrations.some((r) => r.scopeURL === `${base}/` && !r.isDeleted); i++) await gina.waitForTimeout(50);
  const registration = registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted) ?? fail("no service worker registration");
  await sw.send("ServiceWorker.deliverPushMessage", {
    origin: base,
    registrationId: registration.registrationId,
    data: JSON.stringify({ type: "your_turn", timestamp: 0, data: { id: 1, kind: "your_turn", game_id: idRematch } }),
  });
  // (waitForFunction would take the predicate's Promise itself for a true answer: polled here.)
  let shown = [];
  for (let i = 0; i < 300 && shown.length === 0; i++) {
    if (i > 0) await gina.waitForTimeout(50);
    shown = await gina.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, tag: n.tag, game: n.data?.game })),
    );
  }
  if (shown.length !== 1 || shown[0].title !== "Your move" || shown[0].game !== idRematch || shown[0].tag !== `game-${idRematch}`) {
    fail(`the pushed notification: ${JSON.stringify(shown)}`);
  }
  await sw.detach();
  console.log(`push allowed: « ${allowedText} »; a push handed to the service worker showed « ${shown[0].title} » for game ${idRematch.slice(0, 8)}`);

  // Account deletion: asked first (taken back once), then with the password; signed out, and
  // the old credentials fail.
  await iona.goto(`${base}/#/account`);
  await iona.getByRole("button", { name: "Delete my account…" }).click();
  const confirmDelete = iona.getByRole("alertdialog", { name: /^Delete your account for good\?/ });
  await confirmDelete.waitFor();
  if (!(await iona.evaluate(() => document.activeElement?.id === "delete-password"))) fail("the deletion's password field is not focused");
  await axe(iona, "the account deletion's confirmation");
  await shot(iona, "account-delete", confirmDelete);
  await confirmDelete.getByRole("button", { name: "Keep my account" }).click();
  await confirmDelete.waitFor({ state: "detached" });
  await iona.getByRole("button", { name: "Delete my account…" }).click();
  await confirmDelete.getByLabel("Your password").fill(`${PASSWORD}-wrong`);
  await confirmDelete.getByRole("button", { name: "Delete my account" }).click();
  await iona.locator("#delete-problem[data-code=invalid_current_password]").waitFor();
  await confirmDelete.getByLabel("Your password").fill(PASSWORD);
  await confirmDelete.getByRole("button", { name: "Delete my account" }).click();
  await iona.getByRole("status").filter({ hasText: "Your account was deleted" }).waitFor();
  if ((await iona.evaluate(() => localStorage.getItem("lords.session"))) !== null) fail("a session is kept after the deletion");
  const again2 = iona.getByRole("form", { name: "Sign in" });
  await again2.getByLabel("Username").fill(`iona_${suffix}`);
  await again2.getByLabel("Password").fill(PASSWORD);
  await again2.getByRole("button", { name: "Sign in" }).click();
  await iona.locator("#signin-error[data-code=invalid_credentials]").waitFor();
  console.log("account deleted after a confirmation: signed out, the old credentials refused");
  if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
  console.log("web client: all browser checks passed");
} finally {
  await browser.close();
}
