// What a whole two-player game against a bot costs a player on a phone (360×640, touch), played
// through the page by taps only: taps, how far the page had to scroll to bring each tapped
// control into view, and time; and the bytes the lobby's first load transfers.
//
//   node web/bench/phone-game.mjs http://127.0.0.1:8080
//
// The player follows a fixed, simple policy, so that two builds of the client are compared on
// the same play: a "Confirm" of a staged move (`data-confirm-move`) first; else the first muster
// choice of the selected card; else the first target a power's decision offers in an army; else
// the first playable card of the hand (selecting it); else the first recruit; else the first
// Supporter to claim (or to swap); else Pass; else any choice offered.
//
// Scrolling: before each tap, a target not wholly on the screen is brought to its middle
// (`scrollIntoView({block: "center"})`); the distance counted is that scroll plus any the page
// made by itself since the last tap (|Δ window.scrollY| both).
//
// The lobby's first load: a fresh browser (empty cache) signed in, loading `/` until the lobby's
// "New game" form shows and the network has been quiet for a second; the compressed bytes of
// every response that finished (DevTools' `encodedDataLength`, headers included), against the
// budget of 150 KB.
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), BOT_LEVEL (random or greedy, default greedy),
// TARGET_SCORE (default: the game's default). Prints one JSON line of figures.
import { chromium } from "playwright-core";
import { base, executablePath, fail, watchTraffic } from "../tests/harness.mjs";

const PASSWORD = "bannockburn1314";
const BUDGET = 150 * 1024;
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const level = process.env.BOT_LEVEL ?? "greedy";
const target = process.env.TARGET_SCORE ? Number(process.env.TARGET_SCORE) : undefined;

async function api(token, method, p, body) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) fail(`${method} ${p}: ${res.status} ${json?.code ?? ""} ${json?.detail ?? text}`);
  return json;
}

/** A phone's browser context, signed in as `who`. */
async function phone(browser, who) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "en-GB" });
  await ctx.addInitScript((s) => localStorage.setItem("lords.session", JSON.stringify(s)), { username: who.username, access: who.access, refresh: who.refresh });
  return ctx;
}

/** What to tap next, in the policy's order. */
const POLICY = [
  "[data-confirm-move]",
  ".decision [data-muster-choice]",
  ".side .eligible[data-option]",
  ".hand [data-option=muster]",
  "[data-option=recruit]",
  "[data-option=claim_supporter]",
  "[data-option=swap_supporter]",
  "[data-option=pass]",
  "[data-option]",
];

/** What a tap may change on the table: once it changed (and the table is not busy), it is done. */
const signature = () => {
  const el = document.querySelector("section.table");
  if (el === null) return "none";
  return [
    el.getAttribute("data-version"),
    el.getAttribute("data-busy"),
    document.querySelectorAll("[aria-pressed=true]").length,
    document.querySelectorAll("[data-muster-choice]").length,
    document.querySelectorAll("[data-confirm-move]").length,
    document.querySelector(".refusal")?.textContent ?? "",
  ].join("|");
};

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const username = `phone_${suffix}`;
  await api(null, "POST", "/v1/accounts", { username, password: PASSWORD });
  const tok = await api(null, "POST", "/v1/auth/token", { username, password: PASSWORD });
  const me = { username, access: tok.access_token, refresh: tok.refresh_token };

  // The lobby's first load, in a browser that holds nothing yet.
  const lobbyCtx = await phone(browser, me);
  const lobby = await lobbyCtx.newPage();
  const cdp = await lobbyCtx.newCDPSession(lobby);
  await cdp.send("Network.enable");
  const urls = new Map();
  const bytes = new Map();
  let lastNet = Date.now();
  cdp.on("Network.responseReceived", (e) => {
    urls.set(e.requestId, e.response.url);
    lastNet = Date.now();
  });
  cdp.on("Network.loadingFinished", (e) => {
    bytes.set(e.requestId, e.encodedDataLength);
    lastNet = Date.now();
  });
  await lobby.goto(`${base}/`);
  await lobby.getByRole("form", { name: "New game" }).waitFor({ timeout: 30_000 });
  while (Date.now() - lastNet < 1000) await lobby.waitForTimeout(200);
  let lobbyBytes = 0;
  let shellBytes = 0;
  for (const [id, n] of bytes) {
    lobbyBytes += n;
    if (!new URL(urls.get(id) ?? base).pathname.startsWith("/v1/")) shellBytes += n;
  }
  await lobbyCtx.close();

  const game = await api(me.access, "POST", "/v1/games", {
    players: 2,
    ...(target !== undefined ? { target_score: target } : {}),
    bots: [{ seat: 1, level }],
  });

  const ctx = await phone(browser, me);
  const page = watchTraffic(await ctx.newPage());
  page.setDefaultTimeout(30_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  const started = Date.now();
  await page.goto(`${base}/#/game/${game.id}`);
  await page.locator("section.table[data-status]").waitFor();
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy leaves alone.
  await page.evaluate(`window.lordsSignature = ${signature.toString()}`);

  let taps = 0;
  let decisions = 0;
  let refusals = 0;
  let ownScroll = 0;
  let tableScroll = 0;
  let lastY = await page.evaluate(() => window.scrollY);
  for (;;) {
    // My turn (or the end), with the table at rest.
    await page.waitForFunction(
      () => {
        const el = document.querySelector("section.table");
        return el !== null && el.getAttribute("data-busy") === null && (el.getAttribute("data-status") === "finished" || el.getAttribute("data-my-turn") === "yes");
      },
      null,
      { timeout: 120_000 },
    );
    if ((await page.locator("section.table").getAttribute("data-status")) === "finished") break;
    if (taps > 3000) fail(`no end after ${taps} taps`);

    const pick = await page.evaluate((policy) => {
      for (const sel of policy) {
        const el = document.querySelector(`main ${sel}`);
        if (el instanceof HTMLElement && el.getClientRects().length > 0) return sel;
      }
      return null;
    }, POLICY);
    if (pick === null) {
      // Drawn between two renders: look again.
      await page.waitForTimeout(100);
      continue;
    }
    const el = page.locator(`main ${pick}`).first();
    const y0 = await page.evaluate(() => window.scrollY);
    tableScroll += Math.abs(y0 - lastY);
    const y1 = await el.evaluate((node) => {
      const r = node.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) node.scrollIntoView({ block: "center" });
      return window.scrollY;
    });
    ownScroll += Math.abs(y1 - y0);
    lastY = y1;
    const before = await page.evaluate(signature);
    const version = await page.locator("section.table").getAttribute("data-version");
    await el.tap();
    taps += 1;
    await page
      .waitForFunction(
        // @ts-ignore installed below
        (b) => window.lordsSignature() !== b && document.querySelector("section.table")?.getAttribute("data-busy") == null,
        before,
        { timeout: 30_000 },
      )
      .catch(() => {});
    const after = page.locator("section.table");
    if ((await after.getAttribute("data-version")) !== version) decisions += 1;
    else if ((await page.locator(".refusal").count()) > 0) refusals += 1;
  }
  const seconds = (Date.now() - started) / 1000;
  const end = await api(me.access, "GET", `/v1/games/${game.id}`);
  if (end.view?.status !== "finished") fail(`the game ${game.id} is not finished: ${end.view?.status}`);
  if (errors.length > 0) fail(`errors in the page:\n  ${errors.join("\n  ")}`);
  const round = (x) => Math.round(x * 100) / 100;
  const scroll = ownScroll + tableScroll;
  console.log(
    JSON.stringify({
      game: game.id,
      bot: level,
      decisions,
      taps,
      taps_per_decision: round(taps / decisions),
      scroll_px: Math.round(scroll),
      scroll_px_per_decision: round(scroll / decisions),
      scroll_px_by_player: Math.round(ownScroll),
      scroll_px_by_table: Math.round(tableScroll),
      refusals,
      seconds: round(seconds),
      lobby_first_load_bytes: lobbyBytes,
      lobby_first_load_shell_bytes: shellBytes,
      lobby_budget_bytes: BUDGET,
      lobby_within_budget: lobbyBytes <= BUDGET,
    }),
  );
} finally {
  await browser.close();
}
