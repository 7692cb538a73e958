// The table's words read right, in a real browser (Debian's Chromium through playwright-core)
// against a real server, on a 360×640 phone and a 1280×800 desktop, in English and in French:
// a doubled army shows the strength that counts with how it was reached ("20 (10 × 2)", never
// "20 ×2", which reads as 40), in the army, the last skirmish's placing, the log and the guide;
// and resigning a two-player game warns that the game ends at once (service rules §9.3), not that
// a bot plays on (as it does when two others remain). And the lobby's new game has a "rated" switch, on unless a
// seat is given to a bot (service rules §9.7), that is sent with the game. Names read well: a bot
// in its own seat "plays", not "plays for" itself, and the page's player's things are "your"
// ("votre"), never "eve (you)'s". The guide's texts: no stray stop (")., and only"), and the end
// of a skirmish warns that the hand carries over to the next. The settings of an account with no
// address show no "Send the link again": the hidden attribute always hides.
//
// A single-clan army is rare in a game played at random, so the page's own requests for the game
// are answered with the server's answer in which one army is made doubled (Playwright's routing):
// the page draws what it is given, as it would from the server.
//
//   node web/tests/table-words.mjs http://127.0.0.1:8080
//
// Env: LORDS_CHROMIUM (default /usr/bin/chromium), LORDS_SCREENSHOTS (default target/screenshots).
// Prints "table words: all checks passed" and exits non-zero on the first failure.
import { chromium } from "playwright-core";
import { account, api, base, executablePath, fail, shots, watchTraffic } from "./harness.mjs";
import path from "node:path";

const errors = [];

async function page(browser, who, { phone = false, lang = "en" } = {}) {
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

async function shot(p, name) {
  const size = p.viewportSize();
  const file = path.join(shots, `${name}-${size.width}x${size.height}.png`);
  await p.screenshot({ path: file, fullPage: false });
  console.log(`screenshot ${file}`);
}

/** The language's words this script looks for. */
const WORDS = {
  en: { strength: "Strength 20 (10\u00a0×\u00a02)", placed: ": 20 (10\u00a0×\u00a02)", resign: "Resign", keep: "Keep playing", newGame: "New game", rated: "Rated (changes ratings)", seat2: "Seat 2", greedy: "Bot (greedy)", createGame: "Create game",
    botPlays: /greedy bot plays:/,
    saveAddress: "Save address",
    resend: "Send the link again",
    handKept: /hand: it carries over to the next skirmish/,
    handKeptClaim: /keeps their hand for the next skirmish/,
    botFor: /plays for [^:]*bot:/,
    mine: ["Your Scott copied the Wemyss power.", "Your Scott power is active (follower 1).", "bob discarded your Scott 3.", "Take (your army, position 2)", "Your Scott copied the Wemyss power", "A mcts bot plays for you:"], ends: /ends at once/, botOn: /bot plays/ },
  fr: { strength: "Force 20 (10\u00a0×\u00a02)", placed: " : 20 (10\u00a0×\u00a02)", resign: "Abandonner", keep: "Continuer", newGame: "Nouvelle partie", rated: "Classée (modifie les classements)", seat2: "Place 2", greedy: "Robot (glouton)", createGame: "Créer la partie",
    botPlays: /\S+ joue :/,
    saveAddress: "Enregistrer l'adresse",
    resend: "Renvoyer le lien",
    handKept: /main passe à la manche suivante/,
    handKeptClaim: /garde sa main pour la manche suivante/,
    botFor: /joue pour [^:]*(bot|robot) :/,
    mine: ["Votre Scott a copié le pouvoir Wemyss.", "Votre pouvoir Scott est actif (allié 1).", "bob a défaussé Scott 3 de votre armée.", "Take (votre armée, position 2)", "Votre Scott a copié le pouvoir Wemyss", "Un robot (mcts) joue pour vous :"], ends: /se termine aussitôt/, botOn: /robot joue/ },
};

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const eve = await account("eve");
  const game = await api(eve.access, "POST", "/v1/games", { players: 2, target_score: 20, bots: [{ seat: 1, level: "greedy" }] });
  const id = game.id;
  // Eve musters until her army holds a card, so that it has a strength to show.
  for (let i = 0; i < 200; i++) {
    const g = await api(eve.access, "GET", `/v1/games/${id}`);
    const mine = g.view.players.find((p) => p.seat === g.your_seat);
    const awaited = g.view.awaiting?.seat === g.your_seat;
    if (mine.army.length > 0 && awaited) break;
    const legal = await api(eve.access, "GET", `/v1/games/${id}/legal-actions`);
    const muster = legal.actions.find((a) => a.type === "muster") ?? legal.actions[0];
    if (!awaited || muster === undefined) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    await api(eve.access, "POST", `/v1/games/${id}/actions`, muster, { "If-Match": `"${legal.version}"` });
  }

  const three = await api(eve.access, "POST", "/v1/games", {
    players: 3,
    target_score: 20,
    bots: [
      { seat: 1, level: "greedy" },
      { seat: 2, level: "greedy" },
    ],
  });

  for (const lang of ["en", "fr"]) {
    const w = WORDS[lang];
    for (const phone of [true, false]) {
      const p = await page(browser, eve, { phone, lang });
      // The game as the server sends it, with eve's army single-clan: 10 doubled to 20, placed
      // second behind the bot's 27 in the last skirmish.
      await p.route(
        (u) => u.pathname === `/v1/games/${id}` && u.search === "",
        async (route) => {
          const res = await route.fetch();
          const g = await res.json();
          const me = g.your_seat;
          const other = g.view.players.find((q) => q.seat !== me).seat;
          for (const q of g.view.players) if (q.seat === me) q.army_strength = { known: 20, hidden_cards: 0, doubled: true };
          g.view.last_skirmish = {
            skirmish: 1,
            placement: [
              { seat: other, strength: 27, doubled: false, place: 1, army: [] },
              { seat: me, strength: 20, doubled: true, place: 2, army: [] },
            ],
            claims: [],
          };
          await route.fulfill({ response: res, json: g });
        },
      );
      await p.goto(`${base}/#/game/${id}`);
      await p.locator("section.table[data-status]").waitFor();
      const where = `${lang} ${phone ? "360×640" : "1280×800"}`;
      const strengths = await p.locator(".side .strength-line [aria-hidden=true]").allTextContents();
      if (!strengths.includes(w.strength)) fail(`a doubled army on ${where} reads « ${strengths.join(" | ")} », not « ${w.strength} »`);
      const placing = await p.locator(".placing li").allTextContents();
      if (placing.length !== 2 || !placing[1].includes(w.placed) || /×2/.test(placing.join(" ")))
        fail(`the last skirmish's placing on ${where} reads « ${placing.join(" | ")} »`);
      const counted = await p.evaluate(async (l) => {
        const x = (await import(`/static/js/i18n/${l}.js`)).default;
        const g = (await import(`/static/js/i18n/guide-${l}.js`)).default;
        return [x.ev.army("bob", 20, true), g.armyCounted("bob", 20, true)];
      }, lang);
      if (counted.some((line) => line !== "bob 20 (10\u00a0×\u00a02)")) fail(`a doubled army in the log and the guide on ${where}: « ${counted.join(" | ")} »`);
      console.log(`doubled strength on ${where}: « ${strengths.join(" | ")} »; « ${placing.join(" / ")} »`);

      // The log: a bot in its own seat plays; nobody's name is "morag (you)'s".
      const log = (await p.locator("section.log").textContent()) ?? "";
      if (!w.botPlays.test(log) || w.botFor.test(log)) fail(`the log on ${where} names the bot's moves badly: « ${log.slice(0, 400)} »`);
      const said = await p.evaluate(async (l) => {
        const x = (await import(`/static/js/i18n/${l}.js`)).default;
        const me = x.you("eve");
        return [x.ev.powerCopied(me, "Wemyss"), x.ev.powerActivated(me, "Scott", 1), x.ev.followerDiscarded("bob", me, "Scott 3"), x.armyTarget("Take", me, 2), x.explain.copied(me, "Wemyss"), x.ev.botActed(me, "mcts")];
      }, lang);
      said.forEach((line, i) => {
        if (line !== w.mine[i]) fail(`on ${where} « ${line} », not « ${w.mine[i]} »`);
      });
      console.log(`names on ${where}: « ${log.match(w.botPlays)?.[0]} »; « ${said.join(" / ")} »`);

      // The guide: a rule read inside a sentence ends it once, and the end of a skirmish warns
      // that the hand carries over (RULES §5 step 7: everyone keeps their hand).
      const guide = await p.evaluate(async (l) => {
        const g = (await import(`/static/js/i18n/guide-${l}.js`)).default;
        return [...Object.values(g.rules).flatMap((r) => [g.eligible("Scott 3", r), g.notEligible("Scott 3", r)]), g.skirmish, g.decisions.claim_supporter];
      }, lang);
      const stray = guide.filter((line) => /[.)]\.,|\.\.|\.\s*,/.test(line));
      if (stray.length > 0) fail(`the guide on ${where} has stray stops: « ${stray.join(" | ")} »`);
      if (!w.handKept.test(guide[guide.length - 2]) || !w.handKeptClaim.test(guide[guide.length - 1]))
        fail(`the guide on ${where} never says the hand carries over: « ${guide.slice(-2).join(" | ")} »`);
      console.log(`the guide on ${where}: « ${guide[1]} »; « ${guide[guide.length - 2].match(w.handKept)?.[0]} »`);

      // Resigning with one other player: the game ends at once.
      await p.getByRole("button", { name: w.resign, exact: true }).click();
      const question = (await p.locator("#resign-question").textContent()) ?? "";
      if (!w.ends.test(question) || w.botOn.test(question)) fail(`resigning a two-player game on ${where} warns « ${question} »`);
      console.log(`two-player resign warning on ${where}: « ${question} »`);
      await shot(p, `table-words${lang === "fr" ? "-fr" : ""}`);
      await p.getByRole("button", { name: w.keep }).click();
      // With two others left, a bot plays the resigned seat on.
      await p.goto(`${base}/#/game/${three.id}`);
      await p.locator("section.table[data-status]").waitFor();
      await p.getByRole("button", { name: w.resign, exact: true }).click();
      const onward = (await p.locator("#resign-question").textContent()) ?? "";
      if (!w.botOn.test(onward) || w.ends.test(onward)) fail(`resigning a three-player game on ${where} warns « ${onward} »`);
      await p.getByRole("button", { name: w.keep }).click();

      // The settings of an account with no address: no "send the link again" (the hidden
      // attribute wins over a button's display).
      await p.goto(`${base}/#/settings`);
      await p.getByRole("button", { name: w.saveAddress }).waitFor();
      const resend = p.locator("button", { hasText: w.resend });
      if ((await resend.count()) !== 1 || (await resend.isVisible())) fail(`« ${w.resend} » shows on ${where} with no address`);
      const hiddenShown = await p.evaluate(() =>
        Array.from(document.querySelectorAll("[hidden]")).filter((el) => el instanceof HTMLElement && el.offsetParent !== null).map((el) => el.outerHTML.slice(0, 80)),
      );
      if (hiddenShown.length > 0) fail(`hidden elements drawn on ${where}: ${hiddenShown.join(" | ")}`);
      console.log(`settings with no address on ${where}: « ${w.resend} » hidden`);

      // The new game's form: a labelled "rated" switch, on by default, off once a seat is given
      // to a bot (service rules §9.7), kept as chosen by hand, and sent.
      await p.goto(`${base}/#/`);
      const create = p.getByRole("form", { name: w.newGame });
      const rated = create.getByRole("checkbox", { name: w.rated });
      await rated.waitFor();
      if (!(await rated.isVisible()) || !(await rated.isChecked())) fail(`the rated switch on ${where} is hidden or off by default`);
      await create.getByLabel(w.seat2).selectOption({ label: w.greedy });
      if (await rated.isChecked()) fail(`the rated switch on ${where} stayed on with a bot in a seat`);
      await rated.check();
      await shot(p, `lobby-rated${lang === "fr" ? "-fr" : ""}`);
      const sent = p.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/v1/games");
      await create.getByRole("button", { name: w.createGame }).click();
      const body = (await sent).postDataJSON();
      if (body.rated !== true || body.bots?.length !== 1) fail(`the new game on ${where} sent ${JSON.stringify(body)}`);
      await p.locator("section.table[data-status]").waitFor();
      const made = await api(eve.access, "GET", `/v1/games/${p.url().split("#/game/")[1]}`);
      if (made.game.rated !== true) fail(`the game made on ${where} is not rated: ${JSON.stringify(made.game)}`);
      console.log(`rated switch on ${where}: « ${w.rated} », on by default, off with a bot, sent as chosen`);
      await p.context().close();
    }
  }

  if (errors.length > 0) fail(`errors in the pages:\n  ${errors.join("\n  ")}`);
  console.log("table words: all checks passed");
} catch (e) {
  if (errors.length > 0) console.error(`errors in the pages:\n  ${errors.join("\n  ")}`);
  throw e;
} finally {
  await browser.close();
}
