// A table you can live at on a phone, in a real browser (Debian's Chromium through
// playwright-core) against a real server: one player's table open four times at once, on a
// 360×640 phone and a 1280×800 desktop, in English and French, while two other players (and,
// for speed, the player herself at times) play through the API.
//
// - No lost taps: a finger pressed on a card while another player's move arrives and lifted
//   after it still counts (the table is patched in place, not drawn anew).
// - Confirm before it counts: on a touch screen a recruit, a claim or a muster is staged and
//   sent only on Confirm (Cancel takes it back); on a desktop it is sent at once.
// - Since your last turn: every move since my previous decision, all players', in words.
// - After my move the view goes back to my hand (or the decision still mine).
// - A skirmish's end is told at the top until my next decision.
// - A power's explanation sits in the page's flow (it covers no button of the decision), closes
//   on a tap elsewhere and on Escape; on a touch screen a card that is a choice is chosen when
//   tapped, never explained instead.
// - Who is on vacation, the timeouts in a row with a warning before the last, and the alert
//   chosen when it becomes my turn.
//
//   node web/tests/table-phone.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default target/screenshots).
// Prints "table on a phone: all checks passed" and exits non-zero on the first failure.
import { chromium } from "playwright-core";
import { account, api, base, executablePath, fail, shots, watchTraffic } from "./harness.mjs";
import path from "node:path";

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** The game as `who` sees it. */
const read = (who, id) => api(who.access, "GET", `/v1/games/${id}`);

/**
 * Plays one decision for `who` if it is theirs: `prefer` picks among the legal actions (the
 * first by default). Returns whether it played.
 */
async function playFor(who, id, prefer = (actions) => actions[0]) {
  prefer ??= (actions) => actions[0];
  const g = await read(who, id);
  if (g.view?.status !== "active" || g.view.awaiting?.seat !== g.your_seat) return false;
  const legal = await api(who.access, "GET", `/v1/games/${id}/legal-actions`);
  const action = prefer(legal.actions) ?? legal.actions[0];
  if (action === undefined) return false;
  await api(who.access, "POST", `/v1/games/${id}/actions`, action, { "If-Match": `"${legal.version}"` });
  return true;
}

/** Plays for `players`, one decision at a time, until `until(game as eve sees it)` holds. */
async function driveUntil(players, id, until, what, prefer = undefined) {
  for (let i = 0; i < 600; i++) {
    const g = await read(viewer, id);
    if (await until(g)) return g;
    const awaited = g.view.awaiting === null ? undefined : players.find((p) => p.seat === g.view.awaiting.seat);
    if (awaited === undefined || !(await playFor(awaited, id, prefer))) await pause(50);
  }
  fail(`the game never reached: ${what}`);
}

const errors = [];
/** The player whose table the pages show. */
let viewer = null;

async function page(browser, who, { phone, lang }) {
  const locale = lang === "fr" ? "fr-FR" : "en-GB";
  const ctx = await browser.newContext(
    phone
      ? { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale }
      : { viewport: { width: 1280, height: 800 }, locale },
  );
  await ctx.addInitScript(
    ([s, l]) => {
      localStorage.setItem("lords.session", JSON.stringify(s));
      localStorage.setItem("lords.lang", l);
      // What the page says it did when it became my turn.
      window.addEventListener("lords:turn-alert", (e) => {
        // @ts-ignore a record for the test
        (window.__alerts ??= []).push(/** @type {CustomEvent} */ (e).detail);
      });
    },
    [{ username: who.username, access: who.access, refresh: who.refresh }, lang],
  );
  const p = await ctx.newPage();
  watchTraffic(p);
  p.setDefaultTimeout(30_000);
  p.on("pageerror", (e) => {
    errors.push(`page error (${lang}${phone ? " phone" : ""}): ${e.message}`);
    console.error(`page error: ${e.stack}`);
  });
  p.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
  });
  const posts = [];
  p.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/actions")) posts.push(r.url());
  });
  return { p, phone, lang, name: `${lang} ${phone ? "360×640" : "1280×800"}`, posts };
}

/** A screenshot of the screen `p` shows, from the top of the page unless `here`. */
async function shot(p, name, here = false) {
  if (!here) await p.evaluate(() => window.scrollTo(0, 0));
  const size = p.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  await p.screenshot({ path: file, fullPage: false });
  console.log(`screenshot ${file}`);
}

const WORDS = {
  en: { since: "Since your last turn", over: /^Skirmish 1 is over/, away: /is on vacation until/, timeouts: /Timeouts in a row: 1 of 2\. One more and your seat is abandoned/, confirm: "Confirm" },
  fr: { since: "Depuis votre dernier tour", over: /^La manche 1 est terminée/, away: /est en vacances jusqu/, timeouts: /Délais dépassés d'affilée\u00a0: 1 sur 2\. Encore un et votre place est abandonnée/, confirm: "Confirmer" },
};

const table = (p) => p.locator("section.table");
const version = (p) => table(p).getAttribute("data-version");

/** Waits until the page's table shows `v` or later. */
async function atLeast(p, v) {
  await p.waitForFunction((v) => Number(document.querySelector("section.table")?.getAttribute("data-version") ?? -1) >= v, v);
}

/** Whether `selector`'s first element is at least partly on screen. */
async function inView(p, selector) {
  return p.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (el === null) return false;
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }, selector);
}

/**
 * A card's note (its slot, "choose", "face-down") stays inside the card, and reads as
 * information, not as an error (the colour of refusals).
 */
async function checkNotes(x) {
  const notes = await x.p.evaluate(() => {
    const alert = getComputedStyle(document.documentElement).getPropertyValue("--alert").trim();
    const probe = document.createElement("span");
    probe.style.color = alert;
    document.body.append(probe);
    const red = getComputedStyle(probe).color;
    probe.remove();
    return Array.from(document.querySelectorAll(".card .note")).map((n) => {
      const card = /** @type {HTMLElement} */ (n.closest(".card")).getBoundingClientRect();
      const r = n.getBoundingClientRect();
      return { text: n.textContent, out: r.right > card.right + 0.5 || n.scrollWidth > n.clientWidth + 1, red: getComputedStyle(n).color === red };
    });
  });
  if (notes.length === 0) fail(`no card note to check on ${x.name}`);
  const bad = notes.filter((n) => n.out || n.red);
  if (bad.length > 0) fail(`card notes spill out or read as errors on ${x.name}: ${JSON.stringify(bad)}`);
  console.log(`card notes inside their cards, not in the refusals' colour, on ${x.name}: « ${notes.map((n) => n.text).join(" | ")} »`);
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const [eve, bob, carl] = await Promise.all([account("eve"), account("bob"), account("carl")]);
  viewer = eve;
  const created = await api(eve.access, "POST", "/v1/games", { players: 3, target_score: 20 });
  const id = created.id;
  await api(bob.access, "POST", `/v1/games/${id}/join`, {});
  await api(carl.access, "POST", `/v1/games/${id}/join`, {});
  const others = [bob, carl];
  for (const p of [eve, bob, carl]) p.seat = (await read(p, id)).your_seat;

  const pages = [];
  for (const lang of ["en", "fr"]) for (const phone of [true, false]) pages.push(await page(browser, eve, { phone, lang }));
  const [enPhone, enDesk, frPhone, frDesk] = pages;
  for (const x of pages) {
    await x.p.goto(`${base}/#/game/${id}`);
    await table(x.p).and(x.p.locator("[data-status=active]")).waitFor();
  }

  // Eve decides once (through the API, if she is first), then the others play until she is
  // awaited again: the top of her table lists what they did since.
  await driveUntil(others, id, (g) => g.view.awaiting?.seat === g.your_seat, "eve awaited");
  await playFor(eve, id);
  let g = await driveUntil(others, id, (g) => g.view.awaiting?.seat === g.your_seat, "eve awaited again");
  const bobSeat = g.game.seats.find((s) => s.username === bob.username).seat;
  for (const x of pages) {
    await atLeast(x.p, g.version);
    const since = x.p.locator("section.since");
    await since.waitFor();
    const title = (await since.locator("h2").textContent()) ?? "";
    if (title !== WORDS[x.lang].since) fail(`the moves since my last turn are titled « ${title} » on ${x.name}`);
    const lines = await since.locator("li").allTextContents();
    if (lines.length < 2) fail(`${lines.length} move(s) listed since my last turn on ${x.name}, after two players moved`);
    for (const who of [bob, carl]) {
      if (!lines.some((l) => l.includes(who.username))) fail(`the moves since my last turn never name ${who.username} on ${x.name}: ${lines.join(" | ")}`);
    }
    const top = await x.p.evaluate(() => {
      const s = document.querySelector("section.since")?.getBoundingClientRect().top ?? 1e9;
      const b = document.getElementById("board")?.getBoundingClientRect().top ?? 0;
      return s < b;
    });
    if (!top) fail(`the moves since my last turn are not above the board on ${x.name}`);
    console.log(`since your last turn on ${x.name}: « ${lines.join(" | ")} »`);
  }
  await shot(enPhone.p, "table-since");
  await shot(frPhone.p, "table-since-fr");

  // Confirm before it counts, on the phones: the move is staged, nothing is sent; Cancel takes
  // it back; Confirm sends it. Before that, the phone is at the bottom of the page (the log).
  for (const x of [enPhone, frPhone]) {
    const v = await version(x.p);
    const option = x.p.locator("[data-option=recruit], [data-option=claim_supporter]").first();
    const musterCard = x.p.locator(".hand [data-option=muster]").first();
    const useRecruit = (await option.count()) > 0;
    if (useRecruit) await option.click();
    else {
      await musterCard.click();
      await x.p.locator("[data-muster-choice]").first().click();
    }
    const staged = x.p.locator("[data-staged]");
    await staged.waitFor();
    await pause(300);
    if ((await version(x.p)) !== v || x.posts.length > 0) fail(`a staged move was sent before Confirm on ${x.name}`);
    const question = (await staged.textContent()) ?? "";
    await x.p.locator("[data-cancel-move]").click();
    await staged.waitFor({ state: "detached" });
    console.log(`a move staged and cancelled on ${x.name}: « ${question.trim()} »`);
    if (x === frPhone) {
      // The second phone confirms: the move is sent once, and the view goes back to play.
      if (useRecruit) await option.click();
      else {
        if ((await x.p.locator("[data-muster-choice]").count()) === 0) await musterCard.click();
        await x.p.locator("[data-muster-choice]").first().click();
      }
      await x.p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await x.p.getByRole("button", { name: WORDS[x.lang].confirm, exact: true }).click();
      await x.p.waitForFunction((v) => {
        const el = document.querySelector("section.table");
        return el !== null && el.getAttribute("data-version") !== v && el.getAttribute("data-busy") === null;
      }, v);
      if (x.posts.length !== 1) fail(`Confirm sent ${x.posts.length} actions on ${x.name}`);
      const mine = (await table(x.p).getAttribute("data-my-turn")) === "yes";
      const where = mine ? ".decision" : ".side.mine .hand-wrap";
      if (!(await inView(x.p, where))) fail(`after my move the view is not on ${where} on ${x.name}`);
      console.log(`after my move the view went back to ${mine ? "the decision" : "my hand"} on ${x.name}`);
    }
  }

  // Another's turn: the recruits are no choice of mine, and say their slots.
  g = await driveUntil([eve, ...others], id, (g) => g.view.awaiting?.seat !== g.your_seat && g.view.awaiting !== null, "another's turn");
  for (const x of pages) {
    await atLeast(x.p, g.version);
    await checkNotes(x);
  }

  // A tap landing while a live update arrives still counts: the finger goes down on a card's
  // power, another player's move arrives and is drawn, the finger comes up on the same card.
  for (const x of [enPhone, enDesk, frDesk]) {
    // On a phone a hand card becomes a choice when my turn comes, and its power's button goes:
    // the press is tried again until the move that arrives leaves it another player's turn.
    let counted = false;
    let infoId = "";
    for (let attempt = 0; attempt < 8 && !counted; attempt++) {
      await driveUntil([eve, ...others], id, (g) => g.view.awaiting?.seat !== g.your_seat && g.view.awaiting !== null, "another's turn");
      g = await read(eve, id);
      await atLeast(x.p, g.version);
      const info = x.p.locator(".side.mine .hand .power-info").first();
      infoId = (await info.getAttribute("id")) ?? "";
      // The hand in the middle of the screen, as a player holds it (the browser then keeps what
      // is on screen in place when what is above it changes: scroll anchoring).
      await info.evaluate((el) => el.scrollIntoView({ block: "center" }));
      const before = await info.boundingBox();
      if (before === null) fail(`no power button on my hand on ${x.name}`);
      await x.p.evaluate((id) => {
        // @ts-ignore a mark on the element pressed, to tell it from a new one
        document.getElementById(id).__pressed = true;
      }, infoId);
      await x.p.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
      await x.p.mouse.down();
      // One decision of the player awaited: the table is drawn again under the finger.
      const awaited = [bob, carl].find((p) => g.game.seats.find((s) => s.username === p.username)?.seat === g.view.awaiting.seat);
      await playFor(awaited, id);
      await x.p.waitForFunction((v) => Number(document.querySelector("section.table")?.getAttribute("data-version")) > v, g.version);
      // The finger follows the card where the new drawing put it (on screen).
      await x.p.evaluate((id) => {
        const el = document.getElementById(id);
        const r = el?.getBoundingClientRect();
        if (el && r && r.width > 0 && (r.top < 0 || r.bottom > window.innerHeight)) el.scrollIntoView({ block: "center" });
      }, infoId);
      const after = await x.p.locator(`[id="${infoId}"]`).boundingBox();
      if (after === null) {
        await x.p.mouse.up();
        await x.p.keyboard.press("Escape");
        continue;
      }
      await x.p.mouse.move(after.x + after.width / 2, after.y + after.height / 2);
      console.log(`the card moved ${Math.round(after.y - before.y)} px under the finger on ${x.name}`);
      await x.p.mouse.up();
      counted = true;
    }
    if (!counted) fail(`no move left another player's turn for a tap across it on ${x.name}`);
    const pop = x.p.locator(".power-pop");
    try {
      await pop.waitFor({ timeout: 3000 });
    } catch {
      const why = await x.p.evaluate((id) => {
        const el = document.getElementById(id);
        // @ts-ignore the mark set before the press
        return `my turn: ${document.querySelector("section.table")?.getAttribute("data-my-turn")}; display: ${el ? getComputedStyle(el).display : "none"}; box: ${JSON.stringify(el?.getBoundingClientRect())}; same element: ${el?.__pressed === true}; expanded: ${el?.getAttribute("aria-expanded")}; focus: ${document.activeElement?.id}; at the point: ${document.elementFromPoint(el.getBoundingClientRect().x + 5, el.getBoundingClientRect().y + 5)?.className}`;
      }, infoId);
      fail(`a tap pressed before another player's move and lifted after it was lost on ${x.name} (${why})`);
    }
    console.log(`a tap across a live update counted on ${x.name}`);
    // It closes on a tap elsewhere, and on Escape.
    await x.p.locator("#table-title").click();
    await pop.waitFor({ state: "detached" });
    await x.p.locator(`[id="${infoId}"]`).click();
    await pop.waitFor();
    await x.p.keyboard.press("Escape");
    await pop.waitFor({ state: "detached" });
    console.log(`a power's explanation closes on a tap outside and on Escape on ${x.name}`);
  }

  // On eve's turn: a desktop sends a move at once; a phone's chosen card is chosen (never
  // explained instead), and its power, explained from the decision, covers none of its buttons.
  g = await driveUntil(others, id, (g) => g.view.awaiting?.seat === g.your_seat, "eve awaited again");
  for (const x of pages) await atLeast(x.p, g.version);
  {
    const x = enPhone;
    const card = x.p.locator(".hand button[data-option=muster]").first();
    if ((await card.count()) > 0) {
      const box = await card.boundingBox();
      // The card's top left corner, where the power's mark is drawn.
      await x.p.touchscreen.tap(box.x + 6, box.y + 6);
      if ((await card.getAttribute("aria-pressed")) !== "true") fail(`a tap on a card's corner did not choose it on ${x.name}`);
      await x.p.locator(".decision .about-power").click();
      const pop = x.p.locator(".power-pop");
      await pop.waitFor();
      const covered = await x.p.evaluate(() => {
        const p = document.querySelector(".power-pop")?.getBoundingClientRect();
        if (!p) return ["no popup"];
        return Array.from(document.querySelectorAll(".decision button"))
          .map((b) => ({ b, r: b.getBoundingClientRect() }))
          .filter(({ r }) => r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom)
          .map(({ b }) => b.textContent);
      });
      if (covered.length > 0) fail(`the power's explanation covers ${covered.join(", ")} on ${x.name}`);
      await shot(x.p, "table-power-explained", true);
      console.log(`a card chosen at its corner, its power explained covering no button on ${x.name}`);
      await x.p.keyboard.press("Escape");
    }
  }
  {
    const x = enDesk;
    const v = await version(x.p);
    await x.p.locator("[data-option=recruit], [data-option=claim_supporter], [data-option=pass]").first().click();
    await x.p.waitForFunction((v) => document.querySelector("section.table")?.getAttribute("data-version") !== v, v);
    if ((await x.p.locator("[data-staged]").count()) !== 0) fail(`a move was staged on ${x.name}, where confirming is off`);
    console.log(`a move sent at once on ${x.name}`);
  }

  // Play on through the API until the first skirmish is scored; then the others play until eve
  // decides again: the top of her table tells the skirmish's end until she does.
  // Everyone musters face-down when they can: every army is placed at the end. The pages wait
  // on a page without a table meanwhile (four tables drawing every move of a skirmish on two cores
  // would slow the whole suite), and come back to the table at the end.
  for (const x of pages) await x.p.goto(`${base}/healthz`);
  const muster = (a) => a.find((x) => x.type === "muster" && !x.face_up);
  await driveUntil([eve, ...others], id, (g) => g.view.last_skirmish != null || g.view.status !== "active", "the first skirmish's end", muster);
  g = await driveUntil(others, id, (g) => g.view.awaiting?.seat === g.your_seat || g.view.status !== "active", "eve's first decision after the scoring");
  for (const x of pages) {
    await x.p.goto(`${base}/#/game/${id}`);
    await table(x.p).waitFor();
  }
  if (g.view.status === "active") {
    for (const x of pages) {
      await atLeast(x.p, g.version);
      const banner = x.p.locator(".skirmish-banner");
      await banner.waitFor();
      const title = (await banner.locator("h2").textContent()) ?? "";
      if (!WORDS[x.lang].over.test(title)) fail(`the skirmish's banner says « ${title} » on ${x.name}`);
      const places = await banner.locator(".placing li").count();
      if (places !== 3) fail(`the skirmish banner places ${places} armies on ${x.name}: ${await banner.evaluate((b) => b.outerHTML)}`);
      const above = await x.p.evaluate(
        () => (document.querySelector(".skirmish-banner")?.getBoundingClientRect().top ?? 1e9) < (document.getElementById("board")?.getBoundingClientRect().top ?? 0),
      );
      if (!above) fail(`the skirmish's banner is not above the board on ${x.name}`);
      console.log(`skirmish banner on ${x.name}: « ${((await banner.textContent()) ?? "").trim().slice(0, 120)} »`);
    }
    await shot(enPhone.p, "table-skirmish-banner");
    await shot(frPhone.p, "table-skirmish-banner-fr");
    await playFor(eve, id);
    g = await read(eve, id);
    for (const x of pages) {
      await atLeast(x.p, g.version);
      if ((await x.p.locator(".skirmish-banner").count()) !== 0) fail(`the skirmish's banner stays after my next decision on ${x.name}`);
    }
    console.log("the skirmish's banner goes with my next decision");
  }

  // Vacation: a player away is named at the top with the end of the vacation.
  if (g.view.status === "active") {
    await api(bob.access, "POST", "/v1/me/vacation", { days: 1 });
    for (const x of pages) {
      const away = x.p.locator(`.away [data-away="${bobSeat}"]`);
      await x.p.reload();
      await away.waitFor();
      const text = (await away.textContent()) ?? "";
      if (!WORDS[x.lang].away.test(text) || !text.includes(bob.username)) fail(`the vacation reads « ${text} » on ${x.name}`);
      console.log(`away on ${x.name}: « ${text} »`);
    }
    await api(bob.access, "DELETE", "/v1/me/vacation");
  }

  // Timeouts: a five-second clock, two timeouts allowed. Eve lets one decision time out: her
  // table counts it and warns that one more abandons her seat. The turn alert sounds when the
  // game comes back to her.
  const clock = await api(eve.access, "POST", "/v1/games", { players: 2, turn_time_limit_s: 5, max_timeouts: 2, rated: false });
  await api(bob.access, "POST", `/v1/games/${clock.id}/join`, {});
  await enPhone.p.evaluate(() => localStorage.setItem("lords.turnAlert", "sound"));
  await frDesk.p.evaluate(() => localStorage.setItem("lords.turnAlert", "both"));
  for (const x of pages) {
    await x.p.goto(`${base}/#/game/${clock.id}`);
    await table(x.p).and(x.p.locator("[data-status=active]")).waitFor();
  }
  // Bob plays at once; eve's decisions time out until she has one.
  let warned = false;
  for (let i = 0; i < 200 && !warned; i++) {
    await playFor(bob, clock.id);
    const c = await read(eve, clock.id);
    const me = c.view.players.find((p) => p.seat === c.your_seat);
    warned = me.timeouts === 1;
    if (!warned) await pause(200);
  }
  if (!warned) fail("eve's decision never timed out");
  await playFor(bob, clock.id);
  const c = await read(eve, clock.id);
  if (c.view.status === "active") {
    for (const x of pages) {
      await atLeast(x.p, c.version);
      const warning = x.p.locator(".timeouts.warning");
      await warning.waitFor();
      const text = ((await warning.textContent()) ?? "").trim();
      if (!WORDS[x.lang].timeouts.test(text)) fail(`the timeout warning reads « ${text} » on ${x.name}`);
      console.log(`timeouts on ${x.name}: « ${text} »`);
    }
    await shot(enPhone.p, "table-timeouts");
    if (c.view.awaiting?.seat === c.your_seat) {
      for (const x of [enPhone, frDesk]) {
        const alerts = await x.p.evaluate(() => /** @type {any} */ (window).__alerts ?? []);
        if (alerts.length === 0) fail(`no turn alert when it became my turn on ${x.name}`);
        if (alerts.some((a) => a.sound !== true)) fail(`the turn alert made no sound on ${x.name}: ${JSON.stringify(alerts)}`);
      }
      const none = await enDesk.p.evaluate(() => /** @type {any} */ (window).__alerts ?? []);
      if (none.length !== 0) fail("a turn alert sounded where none was chosen");
      console.log("the turn alert sounds where chosen, and nowhere else");
    }
  }

  if (errors.length > 0) fail(errors.join("\n"));
  console.log("table on a phone: all checks passed");
} finally {
  await browser.close();
}
