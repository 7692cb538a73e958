// The table explains itself, in a real browser (Debian's Chromium through playwright-core) against
// a real server: the last move in one line with its cards marked (a class and a description, not
// a colour only), the log one line per decision (a bot's move one entry), each army's strength
// as the server counts it for the viewer, the last skirmish's placement with the reason for a
// tie, the finished table's final armies and ranking, a card's power explained from its badge
// (keyboard too) with a link into the rules, and the rough edges: a fresh 3-day clock never
// reads "2 days", plurals agree, the focus moves on after an action (never to <body>), every
// control is at least 44×44 px on a 360×640 phone, card names are whole on the phone, the hand
// and the decision panel are above the fold on 1280×800, a Fergusson's targets are marked and the
// first scrolled into view on the phone with the panel naming the card, and the history steps
// back and forward. Screenshots `explain-{start,mid,tie,end}[-fr]-{360x640,1280x800}.png`.
//
// The games are set up through the API where play by hand would take long: a game against a
// bot for the start, the middle and the end; two accounts playing each other through the API
// until one may use a Fergusson's power (then the browser takes over); and games between two
// accounts played through the API, steering the last muster of each skirmish towards equal
// strengths, until a skirmish ends in a tie broken by rank (RULES §6.3).
//
//   node web/tests/table-explains.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default target/screenshots).
// Prints "table explains: all checks passed" and exits non-zero on the first failure.
import { chromium } from "playwright-core";
import { axe, base, boxOf, confirmStaged, executablePath, fail, settled, shots, watchTraffic } from "./harness.mjs";
import path from "node:path";

const PASSWORD = "bannockburn1314";
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A small seeded generator, so a run can be repeated. */
function generator(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// ---------------------------------------------------------------- the API, from Node

async function api(token, method, p, body, headers = {}) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const e = new Error(`${method} ${p}: ${res.status} ${json?.code ?? ""} ${json?.detail ?? text}`);
    e.status = res.status;
    e.code = json?.code;
    throw e;
  }
  return json;
}

async function account(name) {
  const username = `${name}_${suffix}`;
  await api(null, "POST", "/v1/accounts", { username, password: PASSWORD });
  const tok = await api(null, "POST", "/v1/auth/token", { username, password: PASSWORD });
  return { username, access: tok.access_token, refresh: tok.refresh_token };
}

const cards = new Map((await api(null, "GET", "/v1/cards")).cards.map((c) => [c.id, c]));
const CLAN = { forsyth: "Forsyth", makgill: "Makgill", macdonnell: "Macdonnell", cochrane: "Cochrane", cockburn: "Cockburn", fergusson: "Fergusson", scott: "Scott", wemyss: "Wemyss", bruce: "Bruce" };
const nameOf = (id) => `${CLAN[cards.get(id).clan]} ${cards.get(id).strength}`;

async function act(who, id, action) {
  const legal = await api(who.access, "GET", `/v1/games/${id}/legal-actions`);
  return api(who.access, "POST", `/v1/games/${id}/actions`, action, { "If-Match": `"${legal.version}"` });
}

/** A two-seat game between two accounts, no clock. */
async function duel(a, b, target) {
  const g = await api(a.access, "POST", "/v1/games", { players: 2, target_score: target, turn_time_limit_s: null });
  await api(b.access, "POST", `/v1/games/${g.id}/join`);
  return g.id;
}

/** Strength of an army as RULES §6.2 counts it (for steering only; the server decides). */
function strength(ids) {
  const sum = ids.reduce((s, id) => s + cards.get(id).strength, 0);
  const clans = new Set(ids.map((id) => cards.get(id).clan));
  return ids.length >= 2 && clans.size === 1 ? 2 * sum : sum;
}

// ---------------------------------------------------------------- the browser

async function page(browser, who, { phone = false, lang = "en" } = {}) {
  const ctx = await browser.newContext(
    phone
      ? { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: lang === "fr" ? "fr-FR" : "en-GB" }
      : { viewport: { width: 1280, height: 800 }, locale: lang === "fr" ? "fr-FR" : "en-GB" },
  );
  await ctx.addInitScript(
    ([s, l]) => {
      localStorage.setItem("lords.session", JSON.stringify(s));
      localStorage.setItem("lords.lang", l);
    },
    [{ username: who.username, access: who.access, refresh: who.refresh }, lang],
  );
  const p = await ctx.newPage();
  watchTraffic(p);
  p.setDefaultTimeout(30_000);
  p.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  p.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
  });
  return p;
}

async function open(p, id) {
  await p.goto(`${base}/#/game/${id}`);
  await p.locator("section.table[data-status]").waitFor();
}

const table = (p) => p.locator("section.table");

async function shot(p, name) {
  const size = p.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.screenshot({ path: file, fullPage: false });
  console.log(`screenshot ${file}`);
}

/** After an action of mine: the focus is on what is next to decide, or on the status line. */
async function focusMovedOn(p, where) {
  const f = await p.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return "body";
    if (el.id === "status") return "status";
    if (el.hasAttribute("data-option") || el.hasAttribute("data-muster-choice") || el.closest(".decision")) return "choice";
    return `${el.tagName} ${el.className} ${el.textContent?.slice(0, 40)}`;
  });
  if (f !== "status" && f !== "choice") fail(`after ${where} the focus is on ${f}`);
  return f;
}

/** Clicks one offered choice (and a muster choice); checks the focus after. */
async function clickOne(p, random) {
  const t = table(p);
  const options = p.locator("[data-option]");
  const n = await options.count();
  const version = await t.getAttribute("data-version");
  await options.nth(Math.floor(random() * n)).click();
  const choices = p.locator("[data-muster-choice]");
  const c = await choices.count();
  if (c > 0) await choices.nth(Math.floor(random() * c)).click();
  await confirmStaged(p);
  await settled(p, version);
  return focusMovedOn(p, "an action");
}

/** Every visible control of the table is at least 44×44 px. */
async function touchTargets(p, where) {
  const small = await p.evaluate(() =>
    Array.from(document.querySelectorAll("a, button, [role=button], input, select, summary"))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && getComputedStyle(el).visibility !== "hidden" && el.closest(".sr") === null)
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(({ el, r }) => `${el.tagName.toLowerCase()} « ${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)} » ${Math.round(r.width)}×${Math.round(r.height)}`),
  );
  if (small.length > 0) fail(`touch targets under 44×44 px on ${where}:\n  ${small.join("\n  ")}`);
  const n = await p.locator("a, button, summary, input").count();
  console.log(`touch targets: ${n} controls, none under 44×44 px on ${where}`);
}

/** No count in the table's text disagrees with its noun ("1 cards"). */
async function plurals(p, where) {
  const text = await p.locator("main").innerText();
  const bad = text.match(/(?<![\d.,])1 (cards|supporters|points|timeouts|events|cartes|partisans|points|délais|événements)\b/g);
  if (bad) fail(`a count disagrees with its noun on ${where}: ${bad.join(", ")}`);
}

const errors = [];
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  // ---------------------------------------------------------- words: time left, plurals
  const eve = await account("eve");
  const probe = await page(browser, eve);
  await probe.goto(`${base}/#/`);
  await probe.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
  const words = await probe.evaluate(async () => {
    const f = await import("/static/js/format.js");
    const en = (await import("/static/js/i18n/en.js")).default;
    const fr = (await import("/static/js/i18n/fr.js")).default;
    const now = Date.UTC(2026, 0, 1);
    const at = (s) => new Date(now + s * 1000).toISOString();
    const out = {
      d71h59: f.relative(at(71 * 3600 + 59 * 60), now),
      d72: f.relative(at(72 * 3600), now),
      d49h30: f.relative(at(49 * 3600 + 30 * 60), now),
      h47h10: f.relative(at(47 * 3600 + 10 * 60), now),
      h46h10: f.relative(at(46 * 3600 + 10 * 60), now),
      m59s59: f.relative(at(3599), now),
      s42: f.relative(at(42), now),
      ago3h: f.relative(at(-3 * 3600 - 5), now),
      en: [en.drawPile(1), en.discardPile(1, null), en.victoryPile(1, 1), en.sideMeta(1, 1), en.timeoutsBadge(1), en.ev.handDealt("A", 1), en.ev.skirmishEnded(1, 1), en.drawPile(0), en.drawPile(2)],
    };
    document.documentElement.lang = "fr";
    out.fr71h59 = f.relative(at(71 * 3600 + 59 * 60), now);
    out.fr = [fr.drawPile(1), fr.drawPile(0), fr.discardPile(2, null), fr.victoryPile(1, 1), fr.timeoutsBadge(2)];
    document.documentElement.lang = "en";
    return out;
  });
  const expect = {
    d71h59: "in 3 days",
    d72: "in 3 days",
    d49h30: "in 2 days 2 hours",
    h47h10: "in 2 days",
    h46h10: "in 47 hours",
    m59s59: "in 60 minutes",
    s42: "in 42 seconds",
    ago3h: "3 hours ago",
    fr71h59: "dans 3 jours",
  };
  for (const [k, v] of Object.entries(expect)) if (words[k] !== v) fail(`relative time ${k}: « ${words[k]} », not « ${v} »`);
  const enWant = ["Draw pile: 1 card", "Discard pile: 1 card", "Victory pile: 1 supporter, 1 point", "Score 1 · 1 card in hand", "1 timeout", "A was dealt 1 card.", "Skirmish 1 ended; 1 card was discarded.", "Draw pile: 0 cards", "Draw pile: 2 cards"];
  const frWant = ["Pioche : 1 carte", "Pioche : 0 carte", "Défausse : 2 cartes", "Pile de victoire : 1 partisan, 1 point", "2 délais dépassés"];
  enWant.forEach((w, i) => {
    if (words.en[i] !== w) fail(`plural: « ${words.en[i]} », not « ${w} »`);
  });
  frWant.forEach((w, i) => {
    if (words.fr[i] !== w) fail(`pluriel : « ${words.fr[i]} », pas « ${w} »`);
  });
  console.log(`time left never understated: 71 h 59 min reads « ${words.d71h59} » (« ${words.fr71h59} »); plurals agree in both languages`);
  await probe.context().close();

  // ---------------------------------------------------------- against a bot: start, middle, end
  const game = await api(eve.access, "POST", "/v1/games", { players: 2, target_score: 20, bots: [{ seat: 1, level: "greedy" }] });
  const id = game.id;
  const evePhone = await page(browser, eve, { phone: true });
  const eveDesk = await page(browser, eve);
  const eveFr = await page(browser, eve, { phone: true, lang: "fr" });
  const eveFrDesk = await page(browser, eve, { lang: "fr" });
  await open(evePhone, id);
  await table(evePhone).and(evePhone.locator("[data-my-turn=yes]")).waitFor();
  const clock = (await evePhone.locator("time#deadline").textContent()) ?? "";
  if (!/^Deadline in 3 days \(/.test(clock)) fail(`a fresh 3-day clock reads « ${clock} »`);
  console.log(`a fresh 3-day clock reads « ${clock} »`);
  // The table is named by its players, not by the game's id.
  const heading = (await evePhone.getByRole("heading", { level: 1 }).textContent()) ?? "";
  if (!heading.includes(eve.username) || !heading.includes("greedy bot") || heading.includes(id.slice(0, 8)))
    fail(`the table's heading reads « ${heading} »`);
  console.log(`the table's heading names its players: « ${heading} »`);
  for (const p of [eveDesk, eveFr, eveFrDesk]) await open(p, id);
  await table(eveDesk).and(eveDesk.locator("[data-my-turn=yes]")).waitFor();
  await shot(evePhone, "explain-start");
  await shot(eveDesk, "explain-start");
  await shot(eveFr, "explain-start-fr");
  await shot(eveFrDesk, "explain-start-fr");

  // Above the fold on a desktop: the hand and the decision panel.
  const fold = await eveDesk.evaluate(() => {
    window.scrollTo(0, 0);
    const hand = document.querySelector(".side.mine .hand")?.getBoundingClientRect();
    const panel = document.querySelector(".decision")?.getBoundingClientRect();
    return { hand: hand ? hand.bottom : null, panelTop: panel ? panel.top : null, panel: panel ? panel.bottom : null };
  });
  if (fold.hand === null || fold.hand > 800) fail(`on 1280×800 the hand ends at ${fold.hand} px`);
  if (fold.panel === null || fold.panel > 800 || fold.panelTop < 0) fail(`on 1280×800 the decision panel is at ${fold.panelTop}–${fold.panel} px`);
  const hidden = await eveDesk.evaluate(() =>
    Array.from(document.querySelectorAll(".side.mine .hand .card"))
      .filter((c) => {
        const r = c.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * 0.75);
        return at === null || !c.contains(at);
      })
      .map((c) => c.getAttribute("data-card")),
  );
  if (hidden.length > 0) fail(`cards of the hand covered on 1280×800: ${hidden.join(", ")}`);
  console.log(`above the fold on 1280×800: the hand ends at ${Math.round(fold.hand)} px, the decision panel at ${Math.round(fold.panel)} px`);

  // Whole card names on the phone.
  const cut = await evePhone.evaluate(() =>
    Array.from(document.querySelectorAll(".card .clan"))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === "ellipsis")
      .map((el) => el.textContent),
  );
  if (cut.length > 0) fail(`card names cut on the phone: ${cut.join(", ")}`);
  const names = (await evePhone.locator(".card .clan").allTextContents()).map((n) => n.replaceAll("\u00ad", ""));
  if (!names.every((n) => Object.values(CLAN).includes(n))) fail(`card names on the phone: ${names.join(", ")}`);
  console.log(`card names whole on the phone: ${names.slice(0, 6).join(", ")}…`);

  // A power explained, by touch and by keyboard. On a touch screen a card that is a choice is
  // chosen when tapped, and the decision explains its power.
  await evePhone.locator(".hand button.card").first().tap();
  const info = evePhone.locator(".decision .about-power");
  const infoName = (await info.textContent()) ?? "";
  await info.tap();
  const pop = evePhone.locator(".power-pop");
  await pop.waitFor();
  const link = pop.getByRole("link", { name: "More in the rules" });
  const href = (await link.getAttribute("href")) ?? "";
  if (!/^\/rules#power-(forsyth|makgill|macdonnell|cochrane|cockburn|fergusson|scott|wemyss|bruce)$/.test(href)) fail(`the power's link: ${href}`);
  const popText = (await pop.innerText()).replace(/\s+/g, " ");
  console.log(`« ${infoName} » tapped: « ${popText.slice(0, 90)}… » linking ${href}`);
  await touchTargets(evePhone, "the table with a power explained, on a phone");
  const popBox = await boxOf(pop);
  if (popBox === null || popBox.x < 0 || popBox.x + popBox.width > 360) fail(`the power's popover is off the screen: ${JSON.stringify(popBox)}`);
  await info.tap();
  await pop.waitFor({ state: "detached" });
  // The card chosen is let go again.
  await evePhone.locator(".hand button.card").first().tap();
  // The keyboard: the badge is a button; Enter opens, Tab reaches the link, Escape closes.
  const deskInfo = eveDesk.locator(".hand .power-info").first();
  await deskInfo.focus();
  await eveDesk.keyboard.press("Enter");
  await eveDesk.locator(".power-pop").waitFor();
  if ((await deskInfo.getAttribute("aria-expanded")) !== "true") fail("the power's button does not say it is expanded");
  await eveDesk.keyboard.press("Tab");
  const onLink = await eveDesk.evaluate(() => document.activeElement?.classList.contains("power-link") ?? false);
  if (!onLink) fail("Tab from the power's button does not reach « More in the rules »");
  await eveDesk.keyboard.press("Escape");
  await eveDesk.locator(".power-pop").waitFor({ state: "detached" });
  const back = await eveDesk.evaluate(() => document.activeElement?.classList.contains("power-info") ?? false);
  if (!back) fail("Escape does not bring the focus back to the power's button");
  await eveFr.locator(".hand button.card").first().tap();
  const frInfo = eveFr.locator(".decision .about-power");
  await frInfo.tap();
  const frHref = (await eveFr.locator(".power-pop").getByRole("link", { name: "En savoir plus dans les règles" }).getAttribute("href")) ?? "";
  if (!frHref.startsWith("/rules/fr#power-")) fail(`the French power's link: ${frHref}`);
  await frInfo.tap();
  await eveFr.locator(".hand button.card").first().tap();
  console.log(`keyboard: Enter opens the power, Tab reaches its link, Escape closes it; French links to ${frHref}`);

  // Play by clicking on the phone; after each action the focus moves on; the bot's moves are
  // one line each; the last move's cards are marked.
  const random = generator(11);
  let actions = 0;
  let marked = 0;
  for (let step = 0; step < 4000 && actions < 6; step++) {
    const [status, mine, busy] = await Promise.all(["data-status", "data-my-turn", "data-busy"].map((a) => table(evePhone).getAttribute(a)));
    if (status === "finished") break;
    if (mine === "yes" && busy === null && (await evePhone.locator("[data-option]").count()) > 0) {
      await clickOne(evePhone, random);
      actions++;
      const lastMove = await evePhone.locator("#last-move").textContent().catch(() => null);
      if (lastMove === null) fail("no « Last move » line after a move");
      const described = await evePhone.evaluate(() =>
        Array.from(document.querySelectorAll(".card.touched"), (c) => c.getAttribute("aria-describedby")),
      );
      if (described.some((d) => d !== "last-move")) fail("a marked card is not described by the last move");
      marked += described.length;
      continue;
    }
    await evePhone.waitForTimeout(60);
  }
  if (marked === 0) fail("no card was ever marked as touched by the last move");
  await table(evePhone).and(evePhone.locator("[data-my-turn=yes]")).waitFor();
  const lastLine = (await evePhone.locator("#last-move").textContent()) ?? "";
  // The last move is the bot's, or mine when a skirmish ended on my action and I hold the initiative;
  // on my turn it is the newest of the moves since my last turn (its line has no label).
  if (!/^(Last move: )?(greedy bot|eve_\w+ \(you\))('s Scott)? (recruited|mustered|passed|took|discarded|swapped|claimed|copied)/.test(lastLine)) {
    fail(`the last move reads « ${lastLine} »`);
  }
  const topLines = await evePhone.evaluate(() =>
    Array.from(document.querySelectorAll(".log-lines > li"), (li) => (li.querySelector("summary") ?? li).textContent ?? ""),
  );
  if (topLines.some((l) => /bot plays for|must decide|to act\./.test(l))) fail(`routine lines in the log's entries: ${topLines.join(" | ")}`);
  const botEntries = topLines.filter((l) => l.startsWith("greedy bot ")).length;
  if (botEntries === 0) fail(`no bot move in the log: ${topLines.join(" | ")}`);
  console.log(`after ${actions} clicked actions the focus always moved on; ${marked} marked cards; « ${lastLine} »; the bot's moves are ${botEntries} entries of one line`);
  await table(evePhone).and(evePhone.locator("[data-my-turn=yes]")).waitFor();
  for (const p of [eveDesk, eveFr, eveFrDesk]) await open(p, id);
  await table(eveDesk).and(eveDesk.locator("[data-my-turn=yes]")).waitFor();
  await shot(evePhone, "explain-mid");
  await shot(eveDesk, "explain-mid");
  await shot(eveFr, "explain-mid-fr");
  await shot(eveFrDesk, "explain-mid-fr");
  await touchTargets(evePhone, "the table mid-game, on a phone");
  await plurals(evePhone, "the table mid-game");
  await plurals(eveFr, "the French table mid-game");

  // Army strengths, as the server counts them for this viewer (the sides are drawn as the
  // view's answer comes: waited for).
  await eveDesk.locator(".side .army").first().waitFor({ timeout: 15000 }).catch(() => {});
  const strengths = await eveDesk.locator(".side .strength-line [aria-hidden=true]").allTextContents();
  const armies = await eveDesk.locator(".side .army").count();
  if (armies === 0 || strengths.length !== armies) fail(`${armies} armies but ${strengths.length} strengths`);
  for (const s of strengths) if (!/^Strength \d+( \(\d+\u00a0×\u00a02\))?$|^Strength \d+ \+ \d+ hidden$/.test(s)) fail(`an army's strength reads « ${s} »`);
  console.log(`army strengths: ${strengths.join("; ")}`);

  // Play on to the end.
  for (let step = 0; step < 20000; step++) {
    const [status, mine, busy] = await Promise.all(["data-status", "data-my-turn", "data-busy"].map((a) => table(evePhone).getAttribute(a)));
    if (status === "finished") break;
    if (mine === "yes" && busy === null && (await evePhone.locator("[data-option]").count()) > 0) {
      await clickOne(evePhone, random);
      actions++;
      continue;
    }
    await evePhone.waitForTimeout(60);
  }
  await evePhone.getByRole("heading", { name: "Ranking" }).waitFor();
  for (const p of [eveDesk, eveFr, eveFrDesk]) await open(p, id);
  await eveDesk.getByRole("heading", { name: "Ranking" }).waitFor();
  const endText = await eveDesk.locator("main").innerText();
  if (endText.includes("No followers yet.")) fail("« No followers yet. » on the finished table");
  const finalArmies = await eveDesk.locator(".side").evaluateAll((sides) => sides.map((s) => s.querySelectorAll(".army .card").length));
  if (finalArmies.some((n) => n === 0)) fail(`the finished table's final armies: ${finalArmies.join(", ")} cards`);
  const rankingLines = await eveDesk.locator(".ranking li").allTextContents();
  if (rankingLines.length !== 2 || !rankingLines.every((l) => /: \d+ points?/.test(l))) fail(`the ranking: ${rankingLines.join(" | ")}`);
  const summaryTitle = (await eveDesk.locator("#last-skirmish-title").textContent()) ?? "";
  if (!/^Last skirmish: skirmish \d+$/.test(summaryTitle)) fail(`the last skirmish's title: ${summaryTitle}`);
  console.log(`the finished table: final armies of ${finalArmies.join(" and ")} cards, ranking « ${rankingLines.join(" / ")} »`);
  await shot(evePhone, "explain-end");
  await shot(eveDesk, "explain-end");
  await shot(eveFr, "explain-end-fr");
  await shot(eveFrDesk, "explain-end-fr");
  await touchTargets(evePhone, "the finished table, on a phone");
  await touchTargets(eveFr, "the finished French table, on a phone");
  await plurals(evePhone, "the finished table");
  await plurals(eveFr, "the finished French table");
  await axe(eveDesk, "the finished table");
  await axe(evePhone, "the finished table on a phone");

  // The history steps back and forward.
  const total = Number(await table(eveDesk).getAttribute("data-version"));
  await eveDesk.getByRole("button", { name: "Previous version" }).click();
  await eveDesk.locator(`section.table[data-version="${total - 1}"]`).waitFor();
  const at = (await eveDesk.locator(".history-at").textContent()) ?? "";
  if (at !== `version ${total - 1} of ${total}`) fail(`the history reads « ${at} »`);
  const focusAfterStep = await eveDesk.evaluate(() => document.activeElement?.id);
  if (focusAfterStep !== "history-prev") fail(`after a step back the focus is on ${focusAfterStep}`);
  await eveDesk.getByRole("button", { name: "Previous version" }).click();
  await eveDesk.locator(`section.table[data-version="${total - 2}"]`).waitFor();
  await eveDesk.getByRole("button", { name: "Next version" }).click();
  await eveDesk.locator(`section.table[data-version="${total - 1}"]`).waitFor();
  console.log(`history: stepped back to « ${at} », back again and forward`);

  // ---------------------------------------------------------- a Fergusson's swap on a phone
  const morag = await account("morag");
  const fin = await account("fin");
  let swapGame = null;
  for (let tries = 0; tries < 30 && swapGame === null; tries++) {
    const gid = await duel(morag, fin, 40);
    const rnd = generator(100 + tries);
    for (let step = 0; step < 400; step++) {
      const g = await api(morag.access, "GET", `/v1/games/${gid}`);
      if (g.view.status !== "active" || g.view.skirmish > 2) break;
      const seat = g.view.awaiting.seat;
      const who = seat === g.your_seat ? morag : fin;
      const legal = await api(who.access, "GET", `/v1/games/${gid}/legal-actions`);
      const fergusson = legal.actions.find((a) => a.type === "muster" && a.use_power && cards.get(a.card).clan === "fergusson");
      if (who === morag && fergusson) {
        swapGame = { id: gid, card: fergusson.card };
        break;
      }
      // Keep Morag's Fergussons in hand for their power; build Fin's army face-up.
      const offered = legal.actions.filter(
        (a) => !(a.type === "muster" && (!a.face_up || a.use_power || (who === morag && cards.get(a.card).clan === "fergusson"))),
      );
      const pickFrom = offered.length > 0 ? offered : legal.actions;
      const a = pickFrom[Math.floor(rnd() * pickFrom.length)];
      await api(who.access, "POST", `/v1/games/${gid}/actions`, a, { "If-Match": `"${legal.version}"` });
    }
  }
  if (swapGame === null) fail("no game reached a Fergusson's power");
  const moragPhone = await page(browser, morag, { phone: true });
  await open(moragPhone, swapGame.id);
  await table(moragPhone).and(moragPhone.locator("[data-my-turn=yes]")).waitFor();
  const before = await table(moragPhone).getAttribute("data-version");
  await moragPhone.locator(`.hand button[data-card="${swapGame.card}"]`).click();
  await moragPhone.getByRole("button", { name: "Muster face-up and use its power" }).click();
  await confirmStaged(moragPhone);
  await settled(moragPhone, before);
  await moragPhone.locator(".decision[data-decision=fergusson_swap]").waitFor();
  const hint = (await moragPhone.locator("#decision-hint").textContent()) ?? "";
  if (hint !== `${nameOf(swapGame.card)}: choose a Follower to swap with`) fail(`the decision panel reads « ${hint} »`);
  const eligible = moragPhone.locator(".eligible[data-option=swap_follower]");
  const nEligible = await eligible.count();
  const nTargets = await moragPhone.locator("[data-option=swap_follower]").count();
  if (nEligible === 0 || nEligible !== nTargets) fail(`${nEligible} of ${nTargets} targets marked eligible`);
  // Found by its accessible name as a person hears it (no decoration of the card in it).
  const byName = await moragPhone.getByRole("button", { name: /^Take / }).count();
  if (byName !== nTargets) fail(`${byName} of ${nTargets} targets are named « Take … »`);
  // Laid out before it is measured (a busy machine may still be rendering the panel).
  const firstBox = await boxOf(eligible.first());
  if (firstBox === null || firstBox.y < 0 || firstBox.y + firstBox.height > 640) fail(`the first target is off the screen: ${JSON.stringify(firstBox)}`);
  await focusMovedOn(moragPhone, "mustering the Fergusson");
  const focusedTarget = await moragPhone.evaluate(() => document.activeElement?.getAttribute("data-option"));
  if (focusedTarget !== "swap_follower") fail(`the focus is on ${focusedTarget}, not the first target`);
  const note = (await eligible.first().locator(".note").textContent()) ?? "";
  if (!note.includes("choose")) fail(`a target is not marked in words: « ${note} »`);
  console.log(`Fergusson on a phone: « ${hint} », ${nEligible} targets marked, the first in view (y ${Math.round(firstBox.y)}) and focused`);
  await moragPhone.screenshot({ path: path.join(shots, "explain-fergusson-360x640.png") });
  const takenLabel = (await eligible.first().getAttribute("aria-label")) ?? "";
  const v2 = await table(moragPhone).getAttribute("data-version");
  await eligible.first().click();
  await settled(moragPhone, v2);
  const finDesk = await page(browser, fin);
  await open(finDesk, swapGame.id);
  const finLine = (await finDesk.locator("#last-move").textContent()) ?? "";
  // Fin's turn may follow: the line is then the newest of the moves since Fin's last turn.
  const want = new RegExp(`^(Last move: )?morag_${suffix} took your .+ with ${nameOf(swapGame.card)}$`);
  if (!want.test(finLine)) fail(`Fin reads « ${finLine} » (took « ${takenLabel} »)`);
  const finTouched = await finDesk.locator(".card.touched").count();
  if (finTouched < 1) fail("the swapped cards are not marked on Fin's table");
  const finFr = await page(browser, fin, { lang: "fr" });
  await open(finFr, swapGame.id);
  const finLineFr = (await finFr.locator("#last-move").textContent()) ?? "";
  if (!/^(Dernier coup : )?morag_\w+ a pris .+ de votre armée avec Fergusson \d+$/.test(finLineFr)) fail(`Fin lit « ${finLineFr} »`);
  console.log(`Fin reads « ${finLine} » (${finTouched} cards marked) and « ${finLineFr} »`);

  // ---------------------------------------------------------- a tie broken by rank
  const ada = await account("ada");
  const ben = await account("ben");
  let tie = null;
  for (let tries = 0; tries < 120 && tie === null; tries++) {
    const gid = await duel(ada, ben, 10);
    const rnd = generator(500 + tries);
    for (let step = 0; step < 600; step++) {
      const g = await api(ada.access, "GET", `/v1/games/${gid}`);
      const last = g.view.last_skirmish;
      if (last && last.placement.some((p) => p.tie_broken_by)) {
        tie = { id: gid, last };
        break;
      }
      if (g.view.status !== "active") break;
      const seat = g.view.awaiting.seat;
      const who = seat === g.your_seat ? ada : ben;
      const other = who === ada ? ben : ada;
      const legal = await api(who.access, "GET", `/v1/games/${gid}/legal-actions`);
      // Powers aside (they would move cards between armies), any listed action.
      const plain = legal.actions.filter((x) => !(x.type === "muster" && x.use_power));
      const offered = plain.length > 0 ? plain : legal.actions;
      let a = offered[Math.floor(rnd() * offered.length)];
      // The last action of a skirmish: a muster bringing this army to the other's strength, if any.
      const lastTurn = g.view.turn === 5 && g.view.awaiting.decision.kind === "turn" && (seat + 1) % 2 === g.view.initiative;
      if (lastTurn) {
        const mine = await api(who.access, "GET", `/v1/games/${gid}`);
        const theirs = await api(other.access, "GET", `/v1/games/${gid}`);
        const myArmy = mine.view.players[mine.your_seat].army.map((f) => f.card);
        const theirArmy = theirs.view.players[theirs.your_seat].army.map((f) => f.card);
        const even = plain.find((x) => x.type === "muster" && strength([...myArmy, x.card]) === strength(theirArmy));
        if (even) a = even;
      }
      await api(who.access, "POST", `/v1/games/${gid}/actions`, a, { "If-Match": `"${legal.version}"` });
    }
  }
  if (tie === null) fail("no skirmish ended in a tie");
  const winner = tie.last.placement.find((p) => p.tie_broken_by);
  console.log(`a tie broken by rank in game ${tie.id.slice(0, 8)}, skirmish ${tie.last.skirmish}: ${winner.strength} each, ${nameOf(winner.tie_broken_by.card)} over ${nameOf(winner.tie_broken_by.over_card)}`);
  const adaPhone = await page(browser, ada, { phone: true });
  const adaDesk = await page(browser, ada);
  const adaFr = await page(browser, ada, { phone: true, lang: "fr" });
  const adaFrDesk = await page(browser, ada, { lang: "fr" });
  for (const p of [adaPhone, adaDesk, adaFr, adaFrDesk]) await open(p, tie.id);
  const tieText = ((await adaDesk.locator(".last-skirmish .tie").first().textContent()) ?? "").replaceAll("\u00a0", " ");
  const tieWant = `${winner.strength} – ${winner.strength}: ${nameOf(winner.tie_broken_by.card)} outranks ${nameOf(winner.tie_broken_by.over_card)}`;
  if (tieText !== tieWant) fail(`the tie reads « ${tieText} », not « ${tieWant} »`);
  const tieFr = (await adaFr.locator(".last-skirmish .tie").first().textContent()) ?? "";
  if (!tieFr.includes("a un meilleur rang que")) fail(`l'égalité se lit « ${tieFr} »`);
  const placing = await adaDesk.locator(".last-skirmish .placing > li").count();
  if (placing !== tie.last.placement.length) fail(`the last skirmish lists ${placing} places`);
  console.log(`the last skirmish says « ${tieText} » (« ${tieFr} »)`);
  for (const [p, name] of [[adaPhone, "explain-tie"], [adaDesk, "explain-tie"], [adaFr, "explain-tie-fr"], [adaFrDesk, "explain-tie-fr"]]) {
    await p.locator(".last-skirmish").scrollIntoViewIfNeeded();
    const size = p.viewportSize();
    const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
    await p.screenshot({ path: file });
    console.log(`screenshot ${file}`);
  }

  if (errors.length > 0) fail(`errors in the pages:\n  ${errors.join("\n  ")}`);
  console.log("table explains: all checks passed");
} catch (e) {
  if (errors.length > 0) console.error(`errors in the pages:\n  ${errors.join("\n  ")}`);
  throw e;
} finally {
  await browser.close();
}
